// Node flags of every server process (`npm start`, `npm run dev`; bench/upload.bench.ts uses the same).
// --max-semi-space-size caps V8's young generation (in MB). Without it, loading the server's
// modules (drizzle-orm alone allocates ~80 MB of short-lived objects while its modules load) grows
// the young generation to 128 MB, which V8 keeps committed afterwards: an idle API process sat at
// ~290 MB resident instead of ~210 MB. 16 MB still leaves room for request bursts.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'];
