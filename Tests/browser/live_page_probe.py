#!/usr/bin/env python3
"""Drives credsh's live page the way a class sees it, for Tests/credshTests/LivePageTests.swift.

Runs credsh in a pseudo-terminal (the prompt, or a script under --step), opens the live page
in headless Chromium over the DevTools protocol (--remote-debugging-pipe: no extra library),
types at credsh, and reads the page's DOM after each action, as the page's own script left it
(the page follows /events; nothing here reloads it). Prints one JSON object: what the page
showed at each point, and the path of a screenshot. Every wait is bounded.

usage: live_page_probe.py CREDSH CHROMIUM OUTDIR prompt
       live_page_probe.py CREDSH CHROMIUM OUTDIR step SCRIPT
       live_page_probe.py CREDSH CHROMIUM OUTDIR fit SCRIPT N   (--step to pause N, then the picture at 1280x800 and 1920x1080)
       live_page_probe.py CREDSH - OUTDIR load      (no browser: 30 streams, curl, a client that never reads)
       live_page_probe.py CREDSH - OUTDIR transcript SCRIPT INPUT...   (--step: each INPUT typed at the next pause)
       live_page_probe.py CREDSH - OUTDIR flood     (no browser: pipelined requests never read, connections never read)
"""
import base64, faulthandler, json, os, pty, re, select, socket, subprocess, sys, time, urllib.parse, zlib

# A probe that stalls says where, before the test harness kills it (at 300 s).
faulthandler.dump_traceback_later(240, exit=True)

credsh, chromium, outdir, mode = sys.argv[1:5]
rest = sys.argv[5:]
os.makedirs(outdir, exist_ok=True)


class Terminal:
    """credsh in a pseudo-terminal; `screen` is everything it printed."""
    def __init__(self, args):
        env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": outdir, "TERM": "dumb", "NO_COLOR": "1"}
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execve(credsh, [credsh] + args, env)
        self.screen = ""
        # True once the pseudo-terminal is at its end (credsh exited): nothing more can
        # come, and a read returns at once, so a loop waiting for more output stops.
        self.ended = False

    def read(self, seconds):
        end = time.time() + seconds
        while time.time() < end:
            ready, _, _ = select.select([self.fd], [], [], max(0, end - time.time()))
            if not ready:
                break
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                data = b""
            if not data:
                self.ended = True
                break
            self.screen += data.decode("utf-8", "replace")

    def wait_for(self, pattern, seconds=20):
        end = time.time() + seconds
        while time.time() < end:
            found = re.search(pattern, self.screen)
            if found:
                return found
            if self.ended:
                break
            self.read(0.1)
        raise SystemExit("credsh never showed %r; screen:\n%s" % (pattern, self.screen[-3000:]))

    def drain(self):
        """Reads whatever credsh has printed, without waiting."""
        while select.select([self.fd], [], [], 0)[0]:
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                return
            if not data:
                return
            self.screen += data.decode("utf-8", "replace")

    def type(self, line):
        # Written as the terminal takes it, reading credsh's output meanwhile: credsh blocked
        # on a full output queue takes no input, and a blocking write would wait for it forever.
        data = (line + "\r").encode()
        end = time.time() + 60
        while data and time.time() < end:
            readable, writable, _ = select.select([self.fd], [self.fd], [], 0.5)
            if readable:
                self.drain()
            if writable:
                data = data[os.write(self.fd, data[:512]):]
        if data:
            raise SystemExit("credsh took no input for 60 s; screen:\n%s" % self.screen[-3000:])

    def exit_seconds(self, seconds=20):
        """Ctrl-D, then how long credsh took to exit (None: still running after `seconds`)."""
        started = time.time()
        os.write(self.fd, b"\x04")
        while time.time() - started < seconds:
            self.read(0.05)
            pid, _ = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.pid = None
                return round(time.time() - started, 2)
        return None

    def close(self):
        if self.pid is None:
            return
        try:
            os.write(self.fd, b"\x04")
            self.read(1)
        except OSError:
            pass
        # SIGTERM first; SIGKILL if it is still there: a process spawned by a test harness
        # may inherit SIGTERM blocked, and waiting for it then waits forever.
        for signal_number in (15, 9):
            try:
                os.kill(self.pid, signal_number)
            except ProcessLookupError:
                break
            end = time.time() + 5
            while time.time() < end:
                if os.waitpid(self.pid, os.WNOHANG)[0]:
                    return
                time.sleep(0.05)
        os.waitpid(self.pid, 0)


class Browser:
    """Headless Chromium over the DevTools protocol on fds 3 and 4."""
    def __init__(self):
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()
        profile = os.path.join(outdir, "profile")

        def fds():
            # Copies first: either end may itself be fd 3 or 4.
            reading, writing = os.dup(to_chrome_r), os.dup(from_chrome_w)
            os.dup2(reading, 3)
            os.dup2(writing, 4)
        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
             "--mute-audio", "--disable-dev-shm-usage", "--hide-scrollbars", "--user-data-dir=" + profile,
             "--remote-debugging-pipe", "--window-size=1400,1000", "about:blank"],
            preexec_fn=fds, pass_fds=(3, 4), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            env={"HOME": outdir, "PATH": "/usr/bin:/bin"})
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.buffer = b""
        self.next_id = 0
        self.session = None

    def call(self, method, params=None, session=True, seconds=30):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        end = time.time() + seconds
        while time.time() < end:
            while b"\0" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\0", 1)
                reply = json.loads(raw)
                if reply.get("id") == self.next_id:
                    if "error" in reply:
                        raise SystemExit("%s failed: %s" % (method, reply["error"]))
                    return reply.get("result", {})
            ready, _, _ = select.select([self.from_chrome], [], [], 1)
            if ready:
                data = os.read(self.from_chrome, 1 << 20)
                if not data:
                    raise SystemExit("chromium closed the pipe")
                self.buffer += data
        raise SystemExit("no answer to %s" % method)

    def open(self, url, scripts=True):
        target = self.call("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]
        self.call("Page.enable")
        if not scripts:
            self.call("Emulation.setScriptExecutionDisabled", {"value": True})
        self.call("Page.navigate", {"url": url})

    def eval(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        return result.get("result", {}).get("value")

    def page(self):
        """What a student sees: the arrows and commands of the picture, the output, the narration."""
        return self.eval("""(function () {
          var q = function (s) { return document.querySelector(s); };
          return {
            ready: document.readyState,
            sequence: Number(document.body ? document.body.dataset.sequence : 0),
            arrows: document.querySelectorAll('#diagram svg g.message').length,
            commands: Array.prototype.map.call(document.querySelectorAll('#diagram svg text.command'), function (t) { return t.textContent; }),
            narrationNotes: Array.prototype.map.call(document.querySelectorAll('#diagram svg text.narration-text'), function (t) { return t.textContent; }),
            output: q('#output') ? q('#output').textContent : null,
            lastCommand: q('#command') ? q('#command').textContent : null,
            next: q('#nextBox') && !q('#nextBox').hidden ? q('#next').textContent : null,
            narration: q('#narration') && !q('#narration').hidden ? q('#narration').textContent : null,
            progress: q('#progress') ? q('#progress').textContent : '',
            banner: q('#banner') && !q('#banner').hidden ? q('#banner').textContent : null,
            state: q('#state') ? q('#state').textContent : null
          };
        })()""")

    def wait_until(self, test, seconds=20):
        end = time.time() + seconds
        last = None
        while time.time() < end:
            last = self.page()
            # A page still being parsed on a loaded machine has its progress line but not yet
            # the boxes after it; only a whole page is a picture of what a student sees.
            if last and last.get("ready") == "complete" and test(last):
                return last
            time.sleep(0.1)
        raise SystemExit("the page never got there; it shows: %s" % json.dumps(last))

    def resize(self, width, height):
        self.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        time.sleep(0.3)

    def fit(self):
        """How the picture sits in its box: its widths, whether the newest step is in view, the zoom shown."""
        return self.eval("""(function () {
          var box = document.getElementById('diagram'), steps = box.querySelectorAll('svg g.step');
          var last = steps.length ? steps[steps.length - 1].getBoundingClientRect() : null, b = box.getBoundingClientRect();
          // The smallest text of the picture as drawn on the screen: its font size times the scale.
          var svg = box.querySelector('svg'), scale = svg ? svg.getBoundingClientRect().width / (Number(svg.getAttribute('width')) || 1) : 0;
          var sizes = svg ? Array.prototype.map.call(svg.querySelectorAll('text'), function (t) { return parseFloat(getComputedStyle(t).fontSize); }) : [];
          return {
            labelPixels: sizes.length ? Math.round(Math.min.apply(null, sizes) * scale * 100) / 100 : 0,
            scrollWidth: box.scrollWidth, clientWidth: box.clientWidth, scrollTop: box.scrollTop,
            atBottom: box.scrollTop + box.clientHeight >= box.scrollHeight - 2,
            lastStepInView: !!last && last.top < b.bottom && last.bottom > b.top && last.bottom <= b.bottom + 2,
            lastStepCommand: steps.length ? (steps[steps.length - 1].querySelector('text.command') || {}).textContent || null : null,
            zoom: document.getElementById('zoomLevel').textContent,
            zoomShown: !document.getElementById('zoom').hidden,
            pageWidth: document.documentElement.clientWidth
          };
        })()""")

    def zoom(self, button):
        self.eval("document.querySelector('#zoom button[data-zoom=\"%s\"]').click()" % button)
        time.sleep(0.2)
        return self.fit()

    def scroll_diagram(self, top):
        self.eval("(function () { var box = document.getElementById('diagram'); box.scrollTop = %d; })()" % top)
        time.sleep(0.3)  # the scroll event is dispatched with the next frame

    def click_first_arrow(self):
        return self.eval("""(function () {
          var arrow = document.querySelector('#diagram svg g.message');
          if (!arrow) return null;
          arrow.dispatchEvent(new MouseEvent('click', {bubbles: true}));
          return document.getElementById('explain').textContent;
        })()""")

    def click_output_line(self, containing):
        return self.eval("""(function () {
          var lines = document.querySelectorAll('#output span.line');
          for (var i = 0; i < lines.length; i++) {
            if (lines[i].textContent.indexOf(%s) >= 0) {
              lines[i].dispatchEvent(new MouseEvent('click', {bubbles: true}));
              return document.getElementById('explain').textContent;
            }
          }
          return null;
        })()""" % json.dumps(containing))

    def screenshot(self, name):
        data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        path = os.path.join(outdir, name)
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))
        return path

    def close(self):
        try:
            self.call("Browser.close", session=False, seconds=5)
        except SystemExit:
            pass
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def ink(png_path):
    """The share of bytes of a PNG's pixels that are not white: 0 for a blank screenshot."""
    data = open(png_path, "rb").read()
    position, idat = 8, b""
    while position < len(data):
        length = int.from_bytes(data[position:position + 4], "big")
        kind = data[position + 4:position + 8]
        if kind == b"IDAT":
            idat += data[position + 8:position + 8 + length]
        position += 12 + length
    pixels = zlib.decompress(idat)
    return sum(1 for byte in pixels[::7] if byte < 200) / max(1, len(pixels[::7]))


def rss_kb(pid, field="VmRSS"):
    for line in open("/proc/%d/status" % pid):
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def silent_client(url, requests):
    """A socket that sends `requests` GETs of the page at once (pipelined) and never reads."""
    parts = urllib.parse.urlsplit(url)
    client = socket.socket()
    client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    client.connect((parts.hostname, parts.port))
    request = ("GET /?%s HTTP/1.1\r\nHost: %s:%d\r\n\r\n" % (parts.query, parts.hostname, parts.port)).encode()
    client.setblocking(False)
    data = request * requests
    end = time.time() + 10
    while data and time.time() < end:
        try:
            data = data[client.send(data):]
        except BlockingIOError:
            time.sleep(0.01)
    return client


class Stream:
    """A client of /events over a plain socket; `reads` False: it never reads a byte."""
    def __init__(self, url, reads=True):
        parts = urllib.parse.urlsplit(url)
        self.socket = socket.socket()
        if not reads:
            self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.socket.connect((parts.hostname, parts.port))
        self.socket.sendall(("GET /events?%s HTTP/1.1\r\nHost: %s:%d\r\n\r\n" % (parts.query, parts.hostname, parts.port)).encode())
        self.socket.setblocking(False)
        self.reads = reads
        self.data = b""

    def pump(self):
        if not self.reads:
            return
        while True:
            try:
                chunk = self.socket.recv(1 << 20)
            except BlockingIOError:
                return
            if not chunk:
                return
            self.data += chunk
            # Only the last event matters; keep the tail.
            self.data = self.data[-(4 << 20):]

    def last_sequence(self):
        found = re.findall(rb"id: (\d+)\nevent: update", self.data)
        return int(found[-1]) if found else 0


report = {}
browser = Browser() if chromium != "-" else None
terminal = None
try:
    if mode == "nojs":
        terminal = Terminal(["--live", "--port", "0"] + rest)
        url = terminal.wait_for(r"live page at (http://\S+)").group(1)
        terminal.wait_for(r"stays at")
        browser.open(url, scripts=False)
        # The whole document: the aside comes after the picture, which may still be arriving.
        report["static"] = browser.wait_until(lambda p: p["state"] is not None and p["arrows"] > 0 and p["lastCommand"] is not None)
        terminal.type("")
    elif mode == "transcript":
        script, inputs = rest[0], rest[1:]
        terminal = Terminal(["--step", script])
        for index, typed in enumerate(inputs):
            end = time.time() + 20
            while terminal.screen.count("[step ") <= index and time.time() < end and not terminal.ended:
                terminal.read(0.1)
            time.sleep(0.1)
            terminal.read(0.1)
            terminal.type(typed)
        # The pause after the last input, if the script has one; a script that ran to its
        # end after the last input has exited, and there is nothing more to wait for.
        end = time.time() + 20
        while terminal.screen.count("[step ") <= len(inputs) and time.time() < end and not terminal.ended:
            terminal.read(0.1)
        os.write(terminal.fd, b"\x04")  # Ctrl-D: the rest runs without pausing
        terminal.read(5)
        _, status = os.waitpid(terminal.pid, 0)
        report["status"] = os.waitstatus_to_exitcode(status)
        report["transcript"] = re.sub(r"\x1b\[[0-9;]*m", "", terminal.screen).replace("\r\n", "\n")
        terminal = None
    elif mode == "load":
        terminal = Terminal([])
        terminal.wait_for(r"credsh relid>")
        terminal.type("live start 0")
        url = terminal.wait_for(r"live page at (http://\S+)").group(1)
        streams = [Stream(url) for _ in range(30)]
        silent = Stream(url, reads=False)
        time.sleep(0.5)
        for stream in streams:
            stream.pump()
        report["rssBeforeKB"] = rss_kb(terminal.pid)
        # A session of more than 1,000 commands: the picture keeps the last 1,000.
        terminal.type("user add alice password Passw0rd!")
        terminal.type("repeat 1100 { clock advance 1m }")
        terminal.type("echo repeat-done")
        terminal.wait_for(r"\nrepeat-done", 120)
        for round in range(5):
            terminal.type("login alice Passw0rd!")
            terminal.type("logout")
        terminal.type("echo done-<b>&amp;")
        terminal.wait_for(r"\ndone-<b>&amp;", 120)
        end = time.time() + 60
        latest = 0
        while time.time() < end:
            for stream in streams:
                stream.pump()
            sequences = [stream.last_sequence() for stream in streams]
            curl = subprocess.run(["curl", "-s", "-N", "--max-time", "2", url.replace("/?", "/events?")], capture_output=True)
            latest = max(int(x) for x in re.findall(rb"id: (\d+)", curl.stdout) or [0])
            if latest and min(sequences) >= latest:
                break
            time.sleep(0.5)
        report["curlSawEvents"] = b"event: update" in curl.stdout and b"text/event-stream" not in curl.stdout
        report["latest"] = latest
        report["streamSequences"] = sorted(set(stream.last_sequence() for stream in streams))
        last_event = streams[0].data.rsplit(b"\nevent: update\ndata: ", 1)[-1].split(b"\n", 1)[0]
        snapshot = json.loads(last_event)
        report["subtitleLeavesOut"] = "the first 1" in snapshot["svg"] and "commands are left out" in snapshot["svg"]
        report["lastOutput"] = snapshot["output"]
        svg = subprocess.run(["curl", "-s", "--max-time", "5", url.replace("/?", "/diagram.svg?")], capture_output=True).stdout
        report["svgCommands"] = len(re.findall(rb'class="command"', svg))
        page = subprocess.run(["curl", "-s", "--max-time", "5", url], capture_output=True).stdout.decode()
        report["pageEscapes"] = "done-&lt;b&gt;&amp;amp;" in page and "done-<b>" not in page
        report["refusedWithoutToken"] = subprocess.run(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "5",
                                                        url.split("?")[0] + "events"], capture_output=True).stdout.decode()
        report["refusedForeignHost"] = subprocess.run(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "5",
                                                       "-H", "Host: attacker.example", url], capture_output=True).stdout.decode()
        report["rssAfterKB"] = rss_kb(terminal.pid)
        terminal.type("live")
        report["followers"] = int(terminal.wait_for(r"(\d+) pages? following").group(1))
        terminal.type("users")
        terminal.wait_for(r"alice")
        report["promptAnswers"] = True
    elif mode == "flood":
        # Issue 31, item 1: the page of a 600-command session (2 MB), asked for and never read.
        # 300 logins, not the 1,100 (3.4 MB) this drew first: the test needs a page over 1 MB,
        # so that 150 or 95 copies of it unshared would be far past its 30 MB bound, and the
        # session costs a debug build's CPU in proportion (11 s of CPU then, 5 s now).
        terminal = Terminal([])
        terminal.wait_for(r"credsh relid>")
        terminal.type("live start 0")
        url = terminal.wait_for(r"live page at (http://\S+)").group(1)
        terminal.type("kdf 1")
        terminal.type("user add alice password Passw0rd!")
        terminal.type("repeat 300 { login alice Passw0rd!\nlogout }")
        terminal.type("echo flood-ready")
        terminal.wait_for(r"\nflood-ready", 180)
        time.sleep(1)
        page = subprocess.run(["curl", "-s", "--max-time", "10", url], capture_output=True).stdout
        report["pageBytes"] = len(page)
        report["rssBeforeKB"] = rss_kb(terminal.pid)
        pipelined = silent_client(url, 150)
        time.sleep(3)
        report["rssPipelinedKB"] = rss_kb(terminal.pid)
        silent = [silent_client(url, 1) for _ in range(95)]
        time.sleep(3)
        report["rssSilentKB"] = rss_kb(terminal.pid)
        report["peakKB"] = rss_kb(terminal.pid, "VmHWM")
        # Meanwhile a page that reads is answered, whole.
        started = time.time()
        fresh = subprocess.run(["curl", "-s", "--max-time", "10", "-w", "\n%{http_code}", url], capture_output=True).stdout
        report["freshStatus"] = fresh.rsplit(b"\n", 1)[-1].decode()
        report["freshWhole"] = fresh.rsplit(b"\n", 1)[0].rstrip().endswith(b"</html>")
        report["freshSeconds"] = round(time.time() - started, 2)
        for client in silent + [pipelined]:
            client.close()
        terminal.type("echo still-here")
        terminal.wait_for(r"\nstill-here", 30)
        # The prompt comes back once the line's picture is drawn (a Ctrl-D typed before then
        # goes to the terminal's cooked mode, which drops it, as in any readline program).
        started = time.time()
        terminal.wait_for(r"still-here\r?\ncredsh relid> $", 60)
        report["promptSeconds"] = round(time.time() - started, 2)
        report["promptAnswers"] = True
        report["exitSeconds"] = terminal.exit_seconds()
    elif mode == "prompt":
        terminal = Terminal([])
        terminal.wait_for(r"credsh relid>")
        terminal.type("live start 0")
        url = terminal.wait_for(r"live page at (http://\S+)").group(1)
        browser.open(url)
        report["opened"] = browser.wait_until(lambda p: p["state"] == "live")
        terminal.type("user add alice password Passw0rd!")
        terminal.type("login alice Passw0rd!")
        report["afterLogin"] = browser.wait_until(lambda p: p["arrows"] >= 4)
        terminal.type("secrets shown")
        terminal.type("expire alice")
        terminal.type("logout")
        terminal.type("login alice Passw0rd!")
        report["afterExpiry"] = browser.wait_until(lambda p: "statusCode=118" in (p["output"] or "") and p["banner"])
        report["explained"] = browser.click_first_arrow()
        report["explainedCode"] = browser.click_output_line("statusCode=118")
        report["screenshot"] = browser.screenshot("prompt.png")
        report["ink"] = ink(report["screenshot"])
        terminal.type("live stop")
        terminal.wait_for(r"stopped the live page")
        report["afterStop"] = browser.wait_until(lambda p: p["state"] != "live")
    elif mode == "step":
        terminal = Terminal(["--live", "--port", "0", "--step"] + rest)
        url = terminal.wait_for(r"live page at (http://\S+)").group(1)
        terminal.wait_for(r"\[step 1/\d+\]")
        browser.open(url)
        report["firstPause"] = browser.wait_until(lambda p: p["progress"].startswith("step 1/"))
        terminal.type("")
        terminal.wait_for(r"\[step 2/\d+\]")
        report["secondPause"] = browser.wait_until(lambda p: p["progress"].startswith("step 2/"))
        terminal.type("")
        terminal.wait_for(r"\[step 3/\d+\]")
        report["thirdPause"] = browser.wait_until(lambda p: p["progress"].startswith("step 3/"))
        report["screenshot"] = browser.screenshot("step.png")
        report["ink"] = ink(report["screenshot"])
        terminal.type("echo improvised")
        terminal.wait_for(r"\nimprovised")
        terminal.wait_for(r"\[step 3/\d+\].*\n(.|\n)*\[step 3/\d+\]")
        report["improvisedThenSamePause"] = True
        # The page: the typed command is the last one run, with its output; the same one waits.
        report["afterImprovised"] = browser.wait_until(lambda p: p["lastCommand"] == "> echo improvised")
        # Issue 52: a command typed at the pause is drawn where it ran, before the one waiting.
        terminal.type("user add bob password Passw0rd!")
        report["afterTypedUser"] = browser.wait_until(lambda p: p["lastCommand"].startswith("> user add bob"))
        terminal.type("")
        terminal.wait_for(r"\[step 4/\d+\]")
        report["afterWaitingRan"] = browser.wait_until(lambda p: p["progress"].startswith("step 4/"))
        report["screenshotOrder"] = browser.screenshot("improvised-order.png")
    elif mode == "fit":
        # Issue 34, items 1 and 2: a page opened mid-lesson, at a projector's sizes.
        terminal = Terminal(["--live", "--port", "0", "--step", "--show-secrets"] + rest[:1])
        url = terminal.wait_for(r"live page at (http://\S+)").group(1)
        pauses = int(rest[1])
        for number in range(1, pauses):
            terminal.wait_for(r"\[step %d/\d+\]" % number)
            terminal.type("")
        terminal.wait_for(r"\[step %d/\d+\]" % pauses)
        browser.open(url)
        browser.resize(1280, 800)
        report["paused"] = browser.wait_until(lambda p: p["progress"].startswith("step %d/" % pauses) and p["state"] == "live")
        time.sleep(0.3)
        report["fit1280"] = browser.fit()
        report["screenshot1280"] = browser.screenshot("fit-1280x800.png")
        report["zoomedIn"] = browser.zoom("in")
        browser.zoom("in")
        report["zoomedInTwice"] = browser.fit()
        report["zoomed100"] = browser.zoom("1")
        report["screenshotZoomed"] = browser.screenshot("zoomed-1280x800.png")
        report["fitAgain"] = browser.zoom("fit")
        # Issue 52: the viewer's zoom is kept for the next page (localStorage), here "Fit".
        browser.open(url)
        browser.resize(1280, 800)
        browser.wait_until(lambda p: p["state"] == "live")
        time.sleep(0.3)
        report["reopened"] = browser.fit()
        browser.resize(1920, 1080)
        report["fit1920"] = browser.fit()
        report["screenshot1920"] = browser.screenshot("fit-1920x1080.png")
        # Scrolled up, the viewer stays where they are when the next step runs.
        browser.scroll_diagram(0)
        terminal.type("")
        terminal.wait_for(r"\[step %d/\d+\]" % (pauses + 1))
        report["afterScrolledUp"] = browser.wait_until(lambda p: p["progress"].startswith("step %d/" % (pauses + 1)))
        report["fitAfterScrolledUp"] = browser.fit()
        # Back at the bottom, the box follows the newest step again.
        browser.scroll_diagram(10 ** 7)
        terminal.type("")
        terminal.wait_for(r"stays at")
        report["atTheEnd"] = browser.wait_until(lambda p: p["next"] is None and p["sequence"] > report["afterScrolledUp"]["sequence"])
        report["fitAtTheEnd"] = browser.fit()
        terminal.type("")
    report["screen"] = terminal.screen[-4000:] if terminal else ""
finally:
    if browser:
        browser.close()
    if terminal:
        terminal.close()
print(json.dumps(report))
