// The baseline: a node:http server that answers every request with a 302 and does nothing else.
import { createServer } from 'node:http';

const server = createServer((req, res) => {
  res.writeHead(302, { Location: 'https://example.com/landing' });
  res.end();
});
server.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => process.stdout.write(`listening ${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
