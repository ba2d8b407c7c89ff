/**
 * Browsers holding the live connection: socket.io over a raw websocket (engine.io v4 protocol),
 * through the Ingress and the gateway to realtime. Each virtual user connects with its token,
 * joins the notification and ticket-status rooms as the web app does, answers pings, counts the
 * company events it receives, and stays HOLD_SECONDS before reconnecting.
 *
 *   k6 run -e BASE_URL=https://atende.example.com -e SOCKETS=1000 deploy/load/realtime-sockets.ts
 *
 * Run ticket-messages.ts at the same time to have events flowing (socket_events counts them).
 */
import ws from 'k6/ws';
import { check, type Options } from 'k6';
import { Counter, Rate, Trend } from 'k6/metrics';
import { WS_URL, vuSession } from './lib.ts';

const sockets = Number(__ENV.SOCKETS ?? 200);
const holdSeconds = Number(__ENV.HOLD_SECONDS ?? 60);

export const options: Options = {
  scenarios: {
    sockets: {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: '2m', target: sockets },
        { duration: __ENV.HOLD ?? '5m', target: sockets },
        { duration: '30s', target: 0 },
      ],
      gracefulRampDown: `${holdSeconds + 10}s`,
    },
  },
  thresholds: {
    socket_connected: ['rate>0.99'],
    socket_connect_time: ['p(95)<1000'],
    checks: ['rate>0.99'],
  },
};

const connected = new Rate('socket_connected');
const connectTime = new Trend('socket_connect_time', true);
const events = new Counter('socket_events');

export default function (): void {
  const session = vuSession();
  if (!session) return;
  const url = `${WS_URL}/socket.io/?EIO=4&transport=websocket&token=${encodeURIComponent(session.token)}&userId=${session.userId}`;
  const started = Date.now();
  let joined = false;

  const res = ws.connect(url, { tags: { name: 'socket.io' } }, (socket) => {
    socket.on('message', (data) => {
      if (data === '2') return socket.send('3'); // engine.io ping -> pong
      if (data.startsWith('0')) return socket.send('40'); // engine.io open -> socket.io connect
      if (data.startsWith('40')) {
        joined = true;
        connectTime.add(Date.now() - started);
        socket.send('42["joinNotification"]');
        socket.send('42["joinTickets","open"]');
        socket.send('42["joinTickets","pending"]');
        return;
      }
      if (data.startsWith('44')) return socket.close(); // connect_error (token refused)
      if (data.startsWith('42')) events.add(1);
    });
    socket.setTimeout(() => socket.close(), holdSeconds * 1000);
  });

  connected.add(joined);
  check(res, { 'upgraded (101)': (r) => r.status === 101 });
  check(joined, { 'socket.io connected': (j) => j });
}
