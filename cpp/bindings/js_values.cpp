#include "js_values.hpp"

#include <cstdint>

namespace posenc::js
{
    namespace detail
    {
        /// A short description of a JS value for "got ..." in messages.
        std::string describe(const val& value)
        {
            if (value.isUndefined()) return "undefined";
            if (value.isNull()) return "null";
            if (value.isNumber()) return format_number(value.as<double>());
            if (value.isString())
            {
                auto text = value.as<std::string>();
                if (text.size() > 40) text = text.substr(0, 37) + "...";
                return "the string \"" + text + "\"";
            }
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

        bool is_numeric_typed_array(const val& value)
        {
            static const char* const kinds[] = {"Float64Array", "Float32Array", "Int32Array",
                                                "Uint32Array",  "Int16Array",   "Uint16Array",
                                                "Int8Array",    "Uint8Array",   "Uint8ClampedArray"};
            for (const char* kind : kinds)
                if (value.instanceof(val::global(kind))) return true;
            return false;
        }

        const char* const number_list = "an Array or a numeric typed array";
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

    val float64_array(std::span<const double> values)
    {
        val copy = val::global("Float64Array").new_(values.size());
        copy.call<void>("set", val(emscripten::typed_memory_view(values.size(), values.data())));
        return copy;
    }

    Problem require_object(const val& options, const std::string& argument)
    {
        if (options.typeOf().as<std::string>() == "object" && !options.isNull() && !options.isArray())
            return std::nullopt;
        return type_problem(argument, "an object", detail::describe(options));
    }

    Problem read_number(const val& options, const char* name, double& out)
    {
        const val value = options[name];
        if (!value.isNumber()) return type_problem(name, "a number", detail::describe(value));
        out = value.as<double>();
        return std::nullopt;
    }

    Problem read_number_list_length(const val& options, const char* name, double& length)
    {
        const val value = options[name];
        if (!value.isArray() && !detail::is_numeric_typed_array(value))
            return type_problem(name, detail::number_list, detail::describe(value));
        length = value["length"].as<double>();
        return std::nullopt;
    }

    Problem read_number_list(const val& options, const char* name, std::vector<double>& out)
    {
        const val value = options[name];
        const auto length = value["length"].as<std::uint32_t>();
        if (value.isArray())
            for (std::uint32_t i = 0; i < length; ++i)
                if (!value[i].isNumber())
                    return type_problem(std::string(name) + "[" + std::to_string(i) + "]", "a number",
                                        detail::describe(value[i]));
        out.resize(length);
        val(emscripten::typed_memory_view(out.size(), out.data())).call<void>("set", value);
        return std::nullopt;
    }
}
