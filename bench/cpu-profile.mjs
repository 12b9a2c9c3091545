// Preloaded into the server by `npm run bench:lifecycle` with BENCH_CPU_PROF (Node 20 refuses
// --cpu-prof in NODE_OPTIONS): profiles the whole process with the inspector and writes a
// .cpuprofile (Chrome DevTools format) to CPU_PROF_FILE when the process exits.
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';

const file = process.env.CPU_PROF_FILE;
if (file) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.start');
  // An in-thread session answers synchronously, so the profile can be written in 'exit'.
  process.on('exit', () => {
    session.post('Profiler.stop', (err, result) => {
      if (!err) writeFileSync(file, JSON.stringify(result.profile));
    });
  });
}
