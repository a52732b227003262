// Imported into the server process by the soak script (node --import): answers memory and handle
// figures over the IPC channel, which only this bench opens. Nothing else in the server changes.
process.on('message', (message) => {
  if (message !== 'sample' || !process.send) return;
  const memory = process.memoryUsage();
  process.send({
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    external: memory.external,
    handles: process.getActiveResourcesInfo().length,
  });
});
// The IPC channel must not keep a server that is shutting down alive.
process.channel?.unref();
