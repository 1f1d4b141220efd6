// The instantiations a build has of what type-level parameters choose (a
// parameter that sets a Word type, like a lane count T), written once: the
// pack gives both the run-time list a configuration is checked against and the
// dispatch to the matching instantiation.
//
// One parameter:
//   using BuiltLanes = BuiltValues<4, 8, 16>;
//   Result<Architecture> architecture(const Overrides& o) {
//     return BuiltLanes::with(o, "T", 4, [](auto t) { return architecture<t>(); });
//   }
//
// Several (machines/dottree/builds.h): each configuration is a type, KeyOf<C>::value
// its key (a struct of the parameters' values), and dispatch() passes
// std::type_identity<C> for the C whose key matches:
//   using Built = BuiltSet<BuildKey, KeyOf, Exact<8, 16>, Rounding<8>>;
#pragma once

#include <cstdint>
#include <optional>
#include <tuple>
#include <string_view>
#include <type_traits>
#include <utility>

#include "common/contract.h"
#include "common/status.h"
#include "units/parameter_set.h"

namespace loom {

template <class T>
struct is_result : std::false_type {};
template <class T>
struct is_result<Result<T>> : std::true_type {};

template <class Key, template <class> class KeyOf, class... Cs>
struct BuiltSet {
  static_assert(sizeof...(Cs) > 0, "a build instantiates at least one configuration");
  static constexpr Key keys[] = {KeyOf<Cs>::value...};

  static constexpr bool has(const Key& key) {
    for (const Key& k : keys)
      if (k == key) return true;
    return false;
  }

  // f(std::type_identity<C>{}) for the C whose key is `key`, which must be one
  // of keys (check it with has(), or the machine's choice of key, first).
  template <class F>
  static auto dispatch(const Key& key, F&& f) {
    using First = std::tuple_element_t<0, std::tuple<Cs...>>;
    using R = decltype(f(std::type_identity<First>{}));
    std::optional<R> out;
    static_cast<void>(((key == KeyOf<Cs>::value && (out.emplace(f(std::type_identity<Cs>{})), true)) || ...));
    LOOM_CONTRACT(out.has_value(), "dispatch of a configuration that was not built");
    return std::move(*out);
  }
};

namespace detail {
template <class C>
struct ValueOf {
  static constexpr int64_t value = C::value;
};
}  // namespace detail

template <unsigned... Vs>
struct BuiltValues {
  using Set = BuiltSet<int64_t, detail::ValueOf, std::integral_constant<unsigned, Vs>...>;
  static constexpr int64_t list[] = {Vs...};
  // The first value, as a constant every compiler takes for a template argument
  // (clang does not take `list[0]` inside a member function of the template).
  static constexpr unsigned first() {
    constexpr int64_t values[] = {Vs...};
    return static_cast<unsigned>(values[0]);
  }

  // f(std::integral_constant<unsigned, V>{}) for the V equal to `value`, which
  // must be one of Vs (check it with choose_built first).
  template <class F>
  static auto dispatch(int64_t value, F&& f) {
    return Set::dispatch(value, [&](auto id) { return f(typename decltype(id)::type{}); });
  }

  // f(std::integral_constant<unsigned, V>{}) for V the value `overrides` gives
  // `name`, else `fallback`, as a Result (f may return a value or a Result); a
  // value that was not built is choose_built()'s not-built error, listing Vs.
  template <class F>
  static auto with(const Overrides& overrides, std::string_view name, int64_t fallback, F&& f) {
    using R = decltype(f(std::integral_constant<unsigned, first()>{}));
    using Out = std::conditional_t<is_result<R>::value, R, Result<R>>;
    auto value = choose_built(overrides, name, list, fallback);
    if (!value.ok()) return Out(value.status());
    return dispatch(value.value(), [&](auto v) { return Out(f(v)); });
  }
  // The same for the value a composed region resolved for `name`.
  template <class F>
  static auto with(const ParamValues& params, std::string_view name, F&& f) {
    const int64_t value = params[name];
    return with(Overrides{{std::string(name), value}}, name, value, std::forward<F>(f));
  }
};

}  // namespace loom
