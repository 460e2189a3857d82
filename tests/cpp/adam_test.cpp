#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "posenc/adam.hpp"

TEST_CASE("Adam's first step moves every parameter by the learning rate against its gradient", "[adam]")
{
    std::vector<double> parameters{1.0, -2.0, 0.5};
    posenc::Adam adam(3, {0.1, 0.9, 0.999, 1e-8, 0});
    adam.update(parameters, {0.3, -4.0, 1e-3});  // bias-corrected m / sqrt(v) = sign(g) on step 1
    // |g| / (|g| + eps) differs from 1 by eps / |g|: 3e-8, 2.5e-9 and 1e-5 of a 0.1 step.
    CHECK(parameters[0] == Approx(0.9).margin(1e-6));
    CHECK(parameters[1] == Approx(-1.9).margin(1e-6));
    CHECK(parameters[2] == Approx(0.4).margin(1e-4));
    CHECK(adam.steps() == 1);
}

TEST_CASE("Under a constant gradient every step moves by the learning rate", "[adam]")
{
    // The bias corrections make m / (1 - b1^t) = g and v / (1 - b2^t) = g^2 exactly for constant g.
    std::vector<double> parameters{0.0};
    posenc::Adam adam(1, {0.01, 0.9, 0.999, 0, 0});
    for (int step = 1; step <= 5; ++step)
    {
        adam.update(parameters, {2.0});
        CHECK(parameters[0] == Approx(-0.01 * step).margin(1e-12));
    }
}

TEST_CASE("Adam reports the gradient's norm before clipping, and a zero gradient moves nothing", "[adam]")
{
    std::vector<double> parameters{1.0, 1.0};
    posenc::Adam adam(2, {0.1, 0.9, 0.999, 1e-8, 1.0});
    CHECK(adam.update(parameters, {3.0, 4.0}) == 5.0);
    std::vector<double> still{1.0, 1.0};
    posenc::Adam idle(2, {});
    idle.update(still, {0.0, 0.0});
    CHECK(still == std::vector<double>{1.0, 1.0});
}
