// The baseline: bare node:http answering every path with a small fixed JSON body.
import { createServer } from 'node:http';

const body = JSON.stringify({ session: { id: 'x', userId: 'y' }, user: { id: 'y', email: 'plain@example.com' } });
const server = createServer((req, res) => {
  // Drain a request body (sign-in/sign-up cases post one) before answering.
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
