#include "js_values.hpp"

#include <cmath>
#include <utility>

namespace posenc::js
{
    std::string describe(const val& value)
    {
        if (value.isUndefined()) return "undefined";
        if (value.isNull()) return "null";
        if (value.isNumber()) return format_number(value.as<double>());
        if (value.isString()) return describe_text(value.as<std::string>());
        if (value.isTrue() || value.isFalse()) return value.isTrue() ? "true" : "false";
        if (value.isArray()) return "an Array";
        const auto type = value.typeOf().as<std::string>();
        if (type == "object")
        {
            const auto constructor = value["constructor"];
            if (!constructor.isUndefined() && !constructor.isNull() && constructor["name"].isString())
                return "a " + constructor["name"].as<std::string>();
            return "an object";
        }
        return "a " + type;
    }

    namespace detail
    {
        bool is_numeric_typed_array(const val& value)
        {
            static const char* const kinds[] = {"Float64Array", "Float32Array", "Int32Array", "Uint32Array",      "Int16Array",
                                                "Uint16Array",  "Int8Array",    "Uint8Array", "Uint8ClampedArray"};
            // clang-format 14 reads instanceof as JS's keyword and would space it out.
            // clang-format off
            for (const char* kind : kinds)
                if (value.instanceof(val::global(kind))) return true;
            // clang-format on
            return false;
        }

        template <typename T>
        val typed_array(const char* constructor, std::span<const T> values)
        {
            // copy_into writes every element, so the array need not be zeroed.
            val copy = array_to_fill(constructor, values.size());
            copy_into(copy, values);
            return copy;
        }

        /// "a Float64Array of 4096 elements": what an output buffer must be.
        std::string buffer_kind(const char* constructor, std::size_t length)
        {
            return std::string("a ") + constructor + " of " + std::to_string(length) + (length == 1 ? " element" : " elements");
        }
    }

    val array_to_fill(const char* constructor, std::size_t length)
    {
        return val::module_property("newArrayToFill")(val(constructor), length);
    }

    val failure(const ArgumentProblem& problem)
    {
        val result = val::object();
        result.set("ok", false);
        result.set("errorName", problem.kind == ArgumentProblem::Kind::type ? "TypeError" : "RangeError");
        result.set("argument", problem.argument);
        result.set("message", problem.message());
        return result;
    }

    val success()
    {
        val result = val::object();
        result.set("ok", true);
        return result;
    }

    val float64_array(std::span<const double> values) { return detail::typed_array("Float64Array", values); }
    val int32_array(std::span<const std::int32_t> values) { return detail::typed_array("Int32Array", values); }
    val uint8_array(std::span<const std::uint8_t> values) { return detail::typed_array("Uint8Array", values); }

    val table_result(std::size_t rows, std::size_t cols, std::span<const double> data, const val& array)
    {
        copy_into(array, data);
        val result = success();
        result.set("rows", rows);
        result.set("cols", cols);
        result.set("data", array);
        return result;
    }

    val name_strings(std::span<const std::string_view> names)
    {
        val list = val::array();
        for (std::string_view name : names) list.call<void>("push", std::string(name));
        return list;
    }

    val named_entries(std::span<const std::string_view> names, std::span<const std::string_view> labels)
    {
        val list = val::array();
        for (std::size_t i = 0; i < names.size(); ++i)
        {
            val item = val::object();
            item.set("name", std::string(names[i]));
            item.set("label", std::string(labels[i]));
            list.call<void>("push", item);
        }
        return list;
    }

    Problem require_object(const val& value, const std::string& name)
    {
        if (value.typeOf().as<std::string>() == "object" && !value.isNull() && !value.isArray()) return std::nullopt;
        return type_problem(name, "an object", describe(value));
    }

    OptionsReader::OptionsReader(val object, std::string prefix)
        : object_(std::move(object)), prefix_(std::move(prefix)), unrepresentable_(std::make_shared<std::vector<Unrepresentable>>())
    {
    }

    Problem OptionsReader::nested(const char* key, OptionsReader& out) const
    {
        const val value = object_[key];
        if (auto problem = require_object(value, prefix_ + key)) return problem;
        out = OptionsReader(value, prefix_ + key + ".");
        out.unrepresentable_ = unrepresentable_;
        return std::nullopt;
    }

    bool OptionsReader::has(const char* key) const { return !object_[key].isUndefined(); }

    Problem OptionsReader::optional_number(const char* key, std::optional<double>& out) const
    {
        out.reset();
        if (!has(key)) return std::nullopt;
        double number = 0;
        if (auto problem = this->number(key, number))
        {
            problem->allowed = "a number, or left out (not set)";
            return problem;
        }
        out = number;
        return std::nullopt;
    }

    Problem OptionsReader::number(const char* key, double& out) const
    {
        const val value = object_[key];
        if (!value.isNumber()) return type_problem(prefix_ + key, "a number", describe(value));
        out = value.as<double>();
        return std::nullopt;
    }

    Problem OptionsReader::integer(const char* key, std::int64_t& out) const
    {
        double number = 0;
        if (auto problem = this->number(key, number)) return problem;
        if (is_integer_in(number, -limits::max_exact_integer, limits::max_exact_integer))
        {
            out = static_cast<std::int64_t>(number);
            return std::nullopt;
        }
        out = unrepresentable;
        unrepresentable_->push_back({prefix_ + key, number});
        return std::nullopt;
    }

    Problem OptionsReader::integers(std::initializer_list<IntegerField> fields) const
    {
        for (const auto& field : fields)
            if (auto problem = integer(field.key, field.out)) return problem;
        return std::nullopt;
    }

    Problem OptionsReader::seed(const char* key, std::uint64_t& out) const
    {
        double number = 0;
        if (auto problem = this->number(key, number)) return problem;
        if (auto problem = check_integer(prefix_ + key, number, 0, limits::max_exact_integer)) return problem;
        out = static_cast<std::uint64_t>(number);
        return std::nullopt;
    }

    Problem OptionsReader::boolean(const char* key, bool& out) const
    {
        const val value = object_[key];
        if (!value.isTrue() && !value.isFalse()) return type_problem(prefix_ + key, "true or false", describe(value));
        out = value.isTrue();
        return std::nullopt;
    }

    Problem OptionsReader::name_index(const char* key, std::span<const std::string_view> names, std::size_t& index) const
    {
        const val value = object_[key];
        if (!value.isString()) return type_problem(prefix_ + key, posenc::detail::allowed_names(names), describe(value));
        return posenc::detail::find_name(prefix_ + key, value.as<std::string>(), names, index);
    }

    Problem OptionsReader::list_length(const char* key, std::uint64_t& length) const
    {
        const val value = object_[key];
        if (!value.isArray() && !detail::is_numeric_typed_array(value))
            return type_problem(prefix_ + key, "an Array or a numeric typed array", describe(value));
        length = static_cast<std::uint64_t>(value["length"].as<double>());
        return std::nullopt;
    }

    Problem OptionsReader::list(const char* key, std::vector<double>& out) const
    {
        const val value = object_[key];
        const auto length = value["length"].as<std::uint32_t>();
        if (value.isArray())
            for (std::uint32_t i = 0; i < length; ++i)
                if (!value[i].isNumber())
                    return type_problem(prefix_ + key + "[" + std::to_string(i) + "]", "a number", describe(value[i]));
        out.resize(length);
        val(emscripten::typed_memory_view(out.size(), out.data())).call<void>("set", value);
        for (std::size_t i = 0; i < out.size(); ++i)
            if (!std::isfinite(out[i]))
                return range_problem(prefix_ + key + "[" + std::to_string(i) + "]", "a finite number", format_number(out[i]));
        return std::nullopt;
    }

    Problem OptionsReader::output(const char* key, const char* constructor, std::size_t length, val& array) const
    {
        const val given = object_[key];
        if (given.isUndefined())
        {
            array = array_to_fill(constructor, length);
            return std::nullopt;
        }
        // clang-format off
        if (!given.instanceof(val::global(constructor)))
            return type_problem(prefix_ + key, detail::buffer_kind(constructor, length) + ", or left out", describe(given));
        // clang-format on
        const auto given_length = given["length"].as<double>();
        if (given_length != static_cast<double>(length))
            return range_problem(prefix_ + key + ".length", std::to_string(length) + ", the result's length", format_number(given_length));
        array = given;
        return std::nullopt;
    }

    Problem OptionsReader::nested_output(const char* key, const char* constructor, std::size_t length, val& array) const
    {
        if (!has("out"))
        {
            array = array_to_fill(constructor, length);
            return std::nullopt;
        }
        OptionsReader buffers;
        if (auto problem = nested("out", buffers)) return problem;
        return buffers.output(key, constructor, length, array);
    }

    Problem OptionsReader::verdict(Problem problem) const
    {
        if (!problem) return problem;
        for (const auto& [argument, given] : *unrepresentable_)
            if (problem->argument == argument) problem->got = format_number(given);
        return problem;
    }
}
