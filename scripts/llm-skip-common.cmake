# Included right after llama.cpp's project() (CMAKE_PROJECT_llama.cpp_INCLUDE, set by
# scripts/llm-env.sh). llama-cpp-python forces LLAMA_BUILD_COMMON on, but its Python package
# loads only libllama and libggml: llama.cpp's "common" library (argument parsing, chat
# templates for its own tools, an HTTP client) is a third of the compile and is never loaded.
# A normal variable in this directory scope shadows the forced cache entry.
set(LLAMA_BUILD_COMMON OFF)
