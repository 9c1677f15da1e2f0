/**
 * `npm run dev`: the API with reload on change (tsx watch, port 3000) and the Vite dev
 * server with hot reload (port 5173, proxying /api, /paypal and /ws to the API).
 * Open http://127.0.0.1:5173. Ctrl+C stops both.
 */
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.PORT ?? '3000' },
  }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', stop);
