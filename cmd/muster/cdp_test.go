package main

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/musterhq/muster/internal/browser"
)

// A Chromium DevTools protocol client for tests, over the pipe Chromium
// opens with --remote-debugging-pipe (no port, no WebSocket): open a page,
// evaluate expressions in it, press keys as a user would.

// cdpPipe is a DevTools protocol session over Chromium's pipe: requests go
// out on its fd 3, answers and events come back on its fd 4, each message
// ended by a NUL byte.
type cdpPipe struct {
	t    *testing.T
	out  *os.File
	in   *bufio.Reader
	next int
}

func (c *cdpPipe) call(session, method string, params map[string]any) json.RawMessage {
	c.t.Helper()
	c.next++
	msg := map[string]any{"id": c.next, "method": method, "params": params}
	if session != "" {
		msg["sessionId"] = session
	}
	b, _ := json.Marshal(msg)
	if _, err := c.out.Write(append(b, 0)); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
	for {
		raw, err := c.in.ReadBytes(0)
		if err != nil {
			c.t.Fatalf("%s: chromium closed the pipe: %v", method, err)
		}
		var reply struct {
			ID     int             `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  *struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if json.Unmarshal(raw[:len(raw)-1], &reply) != nil || reply.ID != c.next {
			continue // an event, or the answer to nothing we wait for
		}
		if reply.Error != nil {
			c.t.Fatalf("%s: %s", method, reply.Error.Message)
		}
		return reply.Result
	}
}

// needChromium skips a test that needs a browser with -short and where
// no Chromium is found, except under CI=true, which installs one: there
// its absence fails rather than passing by skipping.
func needChromium(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	if _, err := browser.Find(browser.Local()); err != nil {
		missingOutsideCI(t, err.Error())
	}
}

// missingOutsideCI skips a test whose outside program is missing, except
// under CI=true, where .ci/run has installed it: there the test fails
// rather than passing by skipping.
func missingOutsideCI(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("CI=true and %s", why)
	}
	t.Skip(why)
}

// startChromium runs a headless Chromium with the DevTools pipe
// (needChromium says when it is skipped).
func startChromium(t *testing.T) *cdpPipe {
	t.Helper()
	needChromium(t)
	b, err := browser.Find(browser.Local())
	if err != nil {
		t.Fatal(err)
	}
	toChrome, ours, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	theirs, fromChrome, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	args := append([]string{"--headless", "--disable-gpu", "--disable-background-networking", "--no-first-run",
		"--remote-debugging-pipe", "--allow-file-access-from-files", "--user-data-dir=" + t.TempDir()}, b.Flags...)
	cmd := browser.Command(ctx, b.Path, append(args, "about:blank")...)
	cmd.ExtraFiles = []*os.File{toChrome, fromChrome}
	if err := cmd.Start(); err != nil {
		cancel()
		t.Fatal(err)
	}
	toChrome.Close()
	fromChrome.Close()
	t.Cleanup(func() {
		ours.Close()
		browser.Stop(cmd)
		cmd.Wait()
		cancel()
		theirs.Close()
	})
	return &cdpPipe{t: t, out: ours, in: bufio.NewReader(theirs)}
}

// replayTab is one page open in the browser.
type replayTab struct {
	c       *cdpPipe
	session string
}

func (c *cdpPipe) open(path, fragment string) *replayTab {
	c.t.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		c.t.Fatal(err)
	}
	var target struct{ TargetID string }
	json.Unmarshal(c.call("", "Target.createTarget", map[string]any{"url": browser.FileURL(abs) + fragment}), &target)
	var att struct{ SessionID string }
	json.Unmarshal(c.call("", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}), &att)
	tab := &replayTab{c: c, session: att.SessionID}
	for i := 0; ; i++ {
		var ready bool
		tab.eval(`document.readyState === "complete" && !!window.replay`, &ready)
		if ready {
			break
		}
		if i == 600 {
			c.t.Fatalf("%s: the page did not start", path)
		}
		time.Sleep(50 * time.Millisecond)
	}
	c.call(att.SessionID, "Page.bringToFront", nil)
	return tab
}

// eval runs an expression in the page and decodes its value into v.
func (tab *replayTab) eval(expr string, v any) {
	tab.c.t.Helper()
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	json.Unmarshal(tab.c.call(tab.session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true}), &r)
	if r.ExceptionDetails != nil {
		tab.c.t.Fatalf("%s: %s", expr, r.ExceptionDetails.Text)
	}
	if len(r.Result.Value) > 0 {
		json.Unmarshal(r.Result.Value, v)
	}
}

var replayKeyCodes = map[string]int{"ArrowLeft": 37, "ArrowRight": 39, "Home": 36, "End": 35, "PageDown": 34, "PageUp": 33}

// press presses a key n times, as a user would (trusted key events).
func (tab *replayTab) press(key string, n int) {
	tab.c.t.Helper()
	for i := 0; i < n; i++ {
		for _, typ := range []string{"rawKeyDown", "keyUp"} {
			tab.c.call(tab.session, "Input.dispatchKeyEvent", map[string]any{"type": typ, "key": key, "code": key, "windowsVirtualKeyCode": replayKeyCodes[key]})
		}
	}
}
