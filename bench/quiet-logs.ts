// Imported first by benchmark scripts: one log line per upstream call would drown the
// results (and cost time the benchmark would then measure). LOG_LEVEL=info shows them.
process.env.LOG_LEVEL ??= "warn";
