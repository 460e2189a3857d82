#pragma once
// The position schemes the toy attention, the analyses and the trainable model compare.
namespace posenc
{
    enum class Scheme { nope, sinusoidal, learned, rope, alibi, t5 };
}
