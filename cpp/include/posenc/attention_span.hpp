#pragma once
// Which keys a query may attend to: all earlier ones, a sliding window of the last W (Mistral 7B,
// Gemma's local layers), or its own chunk of C (Llama 4's RoPE layers). A span caps the distance
// between a query and its keys, which is what a relative position scheme sees.
#include <algorithm>
#include <array>
#include <cstdint>

#include "arguments.hpp"
#include "names.hpp"

namespace posenc
{
    enum class AttentionSpanKind
    {
        full,     // keys 0 .. p
        sliding,  // keys p - W + 1 .. p
        chunked,  // keys floor(p / C) C .. p: the chunk holding p
    };

    inline constexpr auto attention_span_names = std::to_array<Named<AttentionSpanKind>>({
        {"full", AttentionSpanKind::full, "every earlier key"},
        {"sliding", AttentionSpanKind::sliding, "sliding window"},
        {"chunked", AttentionSpanKind::chunked, "chunks"},
    });
    constexpr const auto& names_of(AttentionSpanKind) { return attention_span_names; }

    struct AttentionSpan
    {
        AttentionSpanKind kind = AttentionSpanKind::full;
        std::int64_t size = 0;  // W or C; not read for full
    };

    inline Problem check_attention_span(const AttentionSpan& span)
    {
        if (span.kind == AttentionSpanKind::full) return std::nullopt;
        return check_integer("span.size", static_cast<double>(span.size), 1, limits::max_analysis_position);
    }

    /// The first key a query at p may attend to.
    inline std::int64_t first_visible_key(std::int64_t p, const AttentionSpan& span)
    {
        switch (span.kind)
        {
        case AttentionSpanKind::sliding: return std::max<std::int64_t>(0, p - span.size + 1);
        case AttentionSpanKind::chunked: return p / span.size * span.size;
        case AttentionSpanKind::full: break;
        }
        return 0;
    }
}
