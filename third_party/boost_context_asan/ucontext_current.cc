// The one symbol the ucontext build of Boost.Context's fibers needs from its
// library, which Debian builds for fcontext only: the thread's active fiber
// record. Linked only under --config=san, where the fibers run on ucontext so
// that AddressSanitizer can follow their stack switches (BOOST_USE_ASAN).
#include <boost/context/fiber_ucontext.hpp>

namespace boost {
namespace context {
namespace detail {
namespace {

thread_local fiber_activation_record* active = nullptr;

// The thread's own context, the record every first switch starts from.
struct ThreadRecord {
  fiber_activation_record* record = new fiber_activation_record();
  ThreadRecord() { active = record; }
  ~ThreadRecord() { delete record; }
};

}  // namespace

fiber_activation_record*& fiber_activation_record::current() noexcept {
  thread_local ThreadRecord thread_record;
  (void)thread_record;
  return active;
}

}  // namespace detail
}  // namespace context
}  // namespace boost
