// Imported first by every benchmark entry point: the benchmarks measure the server as production runs it
// (`pnpm start` sets NODE_ENV=production), so React renders emails with its production build (the
// development build is about 3x slower and was most of a checkout's CPU). An ES module's imports run in
// order, so this runs before anything loads React; child processes (the API server, the loads) inherit it.
process.env.NODE_ENV ??= 'production';
export {};
