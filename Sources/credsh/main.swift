#if canImport(Glibc)
import Glibc
#endif

// A reader that goes away must not kill credsh with SIGPIPE (exit 141): the write fails
// with EPIPE instead, and StandardStreams ends the run as a success when nothing failed.
signal(SIGPIPE, SIG_IGN)
exit(Subcommands.main(Array(CommandLine.arguments.dropFirst())))
