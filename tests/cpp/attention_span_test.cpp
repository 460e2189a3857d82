#include <catch2/catch.hpp>

#include "posenc/attention_span.hpp"

using posenc::AttentionSpanKind;

TEST_CASE("A span's first visible key: all keys, the last W, or the query's own chunk", "[span]")
{
    CHECK(posenc::first_visible_key(5000, {}) == 0);
    CHECK(posenc::first_visible_key(5000, {AttentionSpanKind::sliding, 4096}) == 905);  // keys 905 .. 5000: 4,096 of them
    CHECK(posenc::first_visible_key(100, {AttentionSpanKind::sliding, 4096}) == 0);
    CHECK(posenc::first_visible_key(8191, {AttentionSpanKind::chunked, 8192}) == 0);
    CHECK(posenc::first_visible_key(8192, {AttentionSpanKind::chunked, 8192}) == 8192);  // a new chunk starts alone
    CHECK(posenc::check_attention_span({AttentionSpanKind::chunked, 0})->message()
          == "span.size must be an integer from 1 to 16777216; got 0");
    CHECK_FALSE(posenc::check_attention_span({AttentionSpanKind::full, -3}));  // full reads no size
}
