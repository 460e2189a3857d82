#pragma once
// Each enum a caller names by text keeps one table of { name, value, label } beside its
// definition: the bindings read names and list them from it, JS gets them from the module, and
// adding a value is one entry. `name` is what callers write ('yarn'); `label` what people read
// ('YaRN'). A table's order is the order lists show.
//
// A header defining an enum E and its table also defines `constexpr const auto& names_of(E)`,
// which these templates find by argument-dependent lookup. A table's entries are Named<E>, or a
// struct with the same three fields first and what else the enum's users need (rope.hpp).
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
        std::string allowed = "one of";
        const char* separator = " '";
        for (const auto& entry : names_of(Enum{}))
        {
            allowed.append(separator).append(entry.name).append("'");
            separator = ", '";
        }
        return allowed;
    }

    /// Problem unless `text` is a name in Enum's table; `out` receives its value.
    template <typename Enum>
    Problem parse_name(const std::string& argument, std::string_view text, Enum& out)
    {
        for (const auto& entry : names_of(out))
            if (entry.name == text)
            {
                out = entry.value;
                return std::nullopt;
            }
        return range_problem(argument, allowed_names<Enum>(), describe_text(text));
    }
}
