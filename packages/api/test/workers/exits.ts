// A worker (test/script-worker.test.ts) that ends without answering, as a crashed native module
// or a stray process.exit would: runScriptWorker reports it as an 'exit' death.
process.exit(3);
