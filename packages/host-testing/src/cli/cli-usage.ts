/** The help text of `xcap-conformance` (printed on stdout by `--help`). */
export const cliUsage = `usage: xcap-conformance [options] [<catalog.json>…]
       xcap-conformance providers [options] -- <command> [args…]

Replays every case (parse, decide, list, audit, validate, bridge, pdf) of each
catalog document against the real xcap packages, prints one FAIL line per
failing case and ends with "N passed, M failed". With no file it replays the
built-in catalog's own cases (the catalog @xcap/catalog was generated from).

options:
  --builtin        replay the built-in catalog's cases too (the default with no file)
  --json           print the results as one JSON document on stdout instead
  --junit <file>   also write the results as JUnit XML to <file>
  -h, --help       print this help and exit
  -v, --version    print the version of @xcap/host-testing and exit

exit codes: 0 every case passed, 1 a case failed, 2 bad usage, or a file that
cannot be read, is not JSON or is not a valid catalog (one line on stderr each;
nothing is replayed then).

xcap-conformance providers -- <command> [args…] runs the native conformance
suite against a provider process speaking the xcap provider protocol (any
language); see xcap-conformance providers --help.`;
