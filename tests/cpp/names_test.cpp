#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "posenc/attention_span.hpp"
#include "posenc/grid_experiment.hpp"
#include "posenc/layer_positions.hpp"
#include "posenc/learned.hpp"
#include "posenc/rope.hpp"
#include "posenc/scheme.hpp"
#include "posenc/sinusoidal.hpp"
#include "posenc/tasks.hpp"

namespace
{
    /// Every value of Enum is in its table exactly once, under a distinct name, and each name
    /// parses back to its value. `every` spells out the enum's values, so a value added to an enum
    /// but not to its table fails here.
    template <typename Enum>
    void check_table(const std::vector<Enum>& every)
    {
        const auto& table = names_of(Enum{});
        REQUIRE(table.size() == every.size());
        std::set<std::string_view> names;
        for (Enum value : every)
        {
            const std::string_view name = posenc::name_of(value);
            INFO("value " << static_cast<int>(value));
            REQUIRE_FALSE(name.empty());
            CHECK(names.insert(name).second);
            Enum parsed{};
            CHECK_FALSE(posenc::parse_name("option", name, parsed));
            CHECK(parsed == value);
        }
        for (const auto& entry : table) CHECK_FALSE(entry.label.empty());
    }
}

TEST_CASE("Each enum's table lists every value once under its own name", "[names]")
{
    using posenc::Scheme;
    check_table<Scheme>({Scheme::nope, Scheme::sinusoidal, Scheme::learned, Scheme::rope, Scheme::alibi, Scheme::t5});
    using posenc::Overflow;
    check_table<Overflow>({Overflow::error, Overflow::clamp, Overflow::wrap, Overflow::window, Overflow::interpolate});
    check_table<posenc::Task>({posenc::Task::copy_back, posenc::Task::recall_first, posenc::Task::last_marker, posenc::Task::passkey,
                               posenc::Task::marked_value});
    check_table<posenc::LayerPositions>({posenc::LayerPositions::every, posenc::LayerPositions::first, posenc::LayerPositions::last});
    check_table<posenc::GridExperiment>({posenc::GridExperiment::passkey, posenc::GridExperiment::hybrid});
    using posenc::RopeScalingKind;
    check_table<RopeScalingKind>({RopeScalingKind::none, RopeScalingKind::pi, RopeScalingKind::ntk, RopeScalingKind::yarn,
                                  RopeScalingKind::llama3, RopeScalingKind::dynamic, RopeScalingKind::longrope});
    check_table<posenc::YarnRamp>({posenc::YarnRamp::dimension, posenc::YarnRamp::ratio});
    using posenc::ScalingField;
    check_table<ScalingField>({ScalingField::factor, ScalingField::trained_length, ScalingField::low_freq_factor,
                               ScalingField::high_freq_factor, ScalingField::beta_fast, ScalingField::beta_slow, ScalingField::ramp,
                               ScalingField::truncate, ScalingField::attention_factor, ScalingField::mscale, ScalingField::mscale_all_dim,
                               ScalingField::short_factor, ScalingField::long_factor});
    check_table<posenc::RopeAxes>({posenc::RopeAxes::sequence, posenc::RopeAxes::mrope, posenc::RopeAxes::axial});
    using posenc::AttentionSpanKind;
    check_table<AttentionSpanKind>({AttentionSpanKind::full, AttentionSpanKind::sliding, AttentionSpanKind::chunked});
    check_table<posenc::RopePairing>({posenc::RopePairing::interleaved, posenc::RopePairing::half});
    check_table<posenc::SinusoidalLayout>({posenc::SinusoidalLayout::interleaved, posenc::SinusoidalLayout::concat});
    check_table<posenc::Precision>({posenc::Precision::float64, posenc::Precision::float32});
}

TEST_CASE("An unknown name is refused with the table's names in its order", "[names]")
{
    auto kind = posenc::RopeScalingKind::none;
    const auto problem = posenc::parse_name("scaling.kind", "linear", kind);
    REQUIRE(problem);
    CHECK(problem->kind == posenc::ArgumentProblem::Kind::range);
    CHECK(problem->message()
          == "scaling.kind must be one of 'none', 'pi', 'ntk', 'yarn', 'llama3', 'dynamic', 'longrope'; got the string \"linear\"");
    CHECK(kind == posenc::RopeScalingKind::none);  // untouched
    CHECK_FALSE(posenc::parse_name("scaling.kind", "yarn", kind));
    CHECK(kind == posenc::RopeScalingKind::yarn);
}

TEST_CASE("A long unknown name is cut short in the message", "[names]")
{
    auto task = posenc::Task::copy_back;
    const auto problem = posenc::parse_name("task", std::string(100, 'x'), task);
    REQUIRE(problem);
    CHECK_THAT(problem->message(), Catch::Matchers::EndsWith("got the string \"" + std::string(37, 'x') + "...\""));
}
