"""A SPARQL backend for scripts/chaos.sh whose behaviour is switched at run time.

It reads its mode from the file named by argv[2] on every request:
  ok       answer (forward to the upstream endpoint argv[3] when given,
           else a small valid SPARQL results document)
  garbage  200 with an HTML page
  hung     accept the request and never answer
  huge     200 with an endless streamed body
"Killed" is the process stopped by the script.
"""
import http.server
import socketserver
import sys
import time
import urllib.request

PORT, MODE_FILE = int(sys.argv[1]), sys.argv[2]
UPSTREAM = sys.argv[3] if len(sys.argv) > 3 else ""
OK = b'{"head":{"vars":["s"]},"results":{"bindings":[]}}'


def mode():
    try:
        with open(MODE_FILE) as f:
            return f.read().strip()
    except OSError:
        return "ok"


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, body, ctype="application/sparql-results+json"):
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        m = mode()
        if m == "garbage":
            return self.reply(200, b"<html><body>502 Bad Gateway</body></html>", "text/html")
        if m == "hung":
            time.sleep(3600)
            return
        if m == "huge":
            self.send_response(200)
            self.send_header("Content-Type", "application/sparql-results+json")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            row = b'{"s":{"type":"uri","value":"http://www.wikidata.org/entity/Q1"}},' * 10000
            try:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(row), b'{"head":{"vars":["s"]},"results":{"bindings":[' + row[:-1]))
                while True:
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(row), row))
            except OSError:
                return
        if UPSTREAM:
            req = urllib.request.Request(UPSTREAM, data=body, headers={
                "Content-Type": self.headers.get("Content-Type", "application/x-www-form-urlencoded"),
                "Accept": "application/sparql-results+json"})
            try:
                with urllib.request.urlopen(req, timeout=10) as r:
                    return self.reply(r.status, r.read())
            except Exception as e:  # the upstream's failure is ours
                return self.reply(502, str(e).encode(), "text/plain")
        return self.reply(200, OK)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


Server(("127.0.0.1", PORT), Handler).serve_forever()
