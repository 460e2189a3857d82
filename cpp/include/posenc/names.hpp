#pragma once
// Each enum a caller names by text keeps one table of { name, value, label } beside its
// definition: the bindings read names and list them from it, JS gets them from the module, and
// adding a value is one entry. `name` is what callers write ('yarn'); `label` what people read
// ('YaRN'). A table's order is the order lists show.
//
// A header defining an enum E and its table also defines `constexpr const auto& names_of(E)`,
// which these templates find by argument-dependent lookup. A table's entries are Named<E>, or a
// struct with the same three fields first and what else the enum's users need (rope.hpp).
#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "arguments.hpp"

namespace posenc
{
    template <typename Enum>
    struct Named
    {
        std::string_view name;
        Enum value;
        std::string_view label;
    };

    namespace detail
    {
        /// One field of every entry of Enum's table, as its own array: what reads or lists names is
        /// then one function for every enum, not a copy per enum.
        template <typename Enum, typename Field>
        constexpr auto table_column(Field field)
        {
            constexpr const auto& table = names_of(Enum{});
            std::array<std::string_view, table.size()> column{};
            for (std::size_t i = 0; i < table.size(); ++i) column[i] = field(table[i]);
            return column;
        }

        template <typename Enum>
        inline constexpr auto names_in_order = table_column<Enum>([](const auto& entry) { return entry.name; });

        template <typename Enum>
        inline constexpr auto labels_in_order = table_column<Enum>([](const auto& entry) { return entry.label; });

        /// "one of 'a', 'b', 'c'".
        inline std::string allowed_names(std::span<const std::string_view> names)
        {
            std::string allowed = "one of";
            const char* separator = " '";
            for (std::string_view name : names)
            {
                allowed.append(separator).append(name).append("'");
                separator = ", '";
            }
            return allowed;
        }

        /// Problem unless `text` is one of `names`; `index` receives its position.
        inline Problem find_name(const std::string& argument, std::string_view text, std::span<const std::string_view> names,
                                 std::size_t& index)
        {
            for (index = 0; index < names.size(); ++index)
                if (names[index] == text) return std::nullopt;
            return range_problem(argument, allowed_names(names), describe_text(text));
        }
    }

    /// The name of `value` in its enum's table.
    template <typename Enum>
    constexpr std::string_view name_of(Enum value)
    {
        for (const auto& entry : names_of(value))
            if (entry.value == value) return entry.name;
        return {};
    }

    /// "one of 'a', 'b', 'c'": the names of Enum's table, as a message's allowed part.
    template <typename Enum>
    std::string allowed_names()
    {
        return detail::allowed_names(detail::names_in_order<Enum>);
    }

    /// Problem unless `text` is a name in Enum's table; `out` receives its value.
    template <typename Enum>
    Problem parse_name(const std::string& argument, std::string_view text, Enum& out)
    {
        std::size_t index = 0;
        if (auto problem = detail::find_name(argument, text, detail::names_in_order<Enum>, index)) return problem;
        out = names_of(out)[index].value;
        return std::nullopt;
    }
}
