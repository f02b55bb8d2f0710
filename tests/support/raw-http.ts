// One HTTP request exactly as written: the Host header as given (fetch and browsers always write
// their own), from a chosen local address (every 127.0.0.x reaches a local server, each a client
// socket of its own). Shared by the unit tests of server code and the e2e suite.
import { request, type IncomingHttpHeaders } from "node:http";

export type RawAnswer = { status: number; headers: IncomingHttpHeaders; body: string };

export function rawRequest({
  port,
  path,
  method = "GET",
  headers = {},
  body,
  localAddress,
}: {
  port: number | string;
  path: string;
  method?: string;
  /** Sent as given; a Host here replaces the one node would write. */
  headers?: Record<string, string | number>;
  body?: string;
  localAddress?: string;
}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method,
        headers,
        localAddress,
        setHost: !("Host" in headers),
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
