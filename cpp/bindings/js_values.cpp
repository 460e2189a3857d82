#include "js_values.hpp"

#include <cmath>

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
            static const char* const kinds[] = {"Float64Array", "Float32Array", "Int32Array",
                                                "Uint32Array",  "Int16Array",   "Uint16Array",
                                                "Int8Array",    "Uint8Array",   "Uint8ClampedArray"};
            for (const char* kind : kinds)
                if (value.instanceof(val::global(kind))) return true;
            return false;
        }

        template <typename T>
        val typed_array(const char* constructor, std::span<const T> values)
        {
            // set() below writes every element, so the array need not be zeroed (array_to_fill.js).
            val copy = val::module_property("newArrayToFill")(val(constructor), values.size());
            copy.call<void>("set", val(emscripten::typed_memory_view(values.size(), values.data())));
            return copy;
        }
    }

    val failure(const ArgumentProblem& problem)
    {
        val result = val::object();
        result.set("ok", false);
        result.set("errorName", problem.kind == ArgumentProblem::Kind::type ? "TypeError" : "RangeError");
        result.set("argument", problem.argument);
        result.set("message", problem.message);
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

    val table_result(std::size_t rows, std::size_t cols, std::span<const double> data)
    {
        val result = success();
        result.set("rows", rows);
        result.set("cols", cols);
        result.set("data", float64_array(data));
        return result;
    }

    Problem require_object(const val& value, const std::string& name)
    {
        if (value.typeOf().as<std::string>() == "object" && !value.isNull() && !value.isArray()) return std::nullopt;
        return type_problem(name, "an object", describe(value));
    }

    Problem read_number(const val& object, const char* key, double& out, const std::string& prefix)
    {
        const val value = object[key];
        if (!value.isNumber()) return type_problem(prefix + key, "a number", describe(value));
        out = value.as<double>();
        return std::nullopt;
    }

    Problem read_integer(const val& object, const char* key, std::int64_t low, std::int64_t high, std::int64_t& out,
                         const std::string& prefix)
    {
        double number = 0;
        if (auto problem = read_number(object, key, number, prefix)) return problem;
        if (auto problem = check_integer(prefix + key, number, low, high)) return problem;
        out = static_cast<std::int64_t>(number);
        return std::nullopt;
    }

    Problem read_boolean(const val& object, const char* key, bool& out, const std::string& prefix)
    {
        const val value = object[key];
        if (!value.isTrue() && !value.isFalse()) return type_problem(prefix + key, "true or false", describe(value));
        out = value.isTrue();
        return std::nullopt;
    }

    Problem read_list_length(const val& object, const char* key, std::uint64_t& length, const std::string& prefix)
    {
        const val value = object[key];
        if (!value.isArray() && !detail::is_numeric_typed_array(value))
            return type_problem(prefix + key, "an Array or a numeric typed array", describe(value));
        length = static_cast<std::uint64_t>(value["length"].as<double>());
        return std::nullopt;
    }

    Problem read_list(const val& object, const char* key, std::vector<double>& out, const std::string& prefix)
    {
        const val value = object[key];
        const auto length = value["length"].as<std::uint32_t>();
        if (value.isArray())
            for (std::uint32_t i = 0; i < length; ++i)
                if (!value[i].isNumber())
                    return type_problem(prefix + key + "[" + std::to_string(i) + "]", "a number", describe(value[i]));
        out.resize(length);
        val(emscripten::typed_memory_view(out.size(), out.data())).call<void>("set", value);
        for (std::size_t i = 0; i < out.size(); ++i)
            if (!std::isfinite(out[i]))
                return range_problem(prefix + key + "[" + std::to_string(i) + "]", "a finite number", format_number(out[i]));
        return std::nullopt;
    }

    Problem read_capped_list(const val& object, const char* key, std::uint64_t max_length, std::vector<double>& out,
                             const std::string& prefix)
    {
        std::uint64_t length = 0;
        if (auto problem = read_list_length(object, key, length, prefix)) return problem;
        if (length > max_length)
            return range_problem(prefix + key + ".length", "at most " + std::to_string(max_length), std::to_string(length));
        return read_list(object, key, out, prefix);
    }
}
