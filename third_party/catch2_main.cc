// Compiled once, so that each test target only compiles its own cases.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
