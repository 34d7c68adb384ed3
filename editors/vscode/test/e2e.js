#!/usr/bin/env node
'use strict';
// End-to-end test of the extension in a real VS Code: code-server (VS Code
// in the browser, from npm) with the .vsix installed into it, serving a copy
// of a shipped module, driven by headless Chromium through the DevTools
// protocol (puppeteer-core). It opens a scenario, breaks a hex and reads
// muster's finding (with its documentation link) from the Problems panel,
// hovers a counter id, and runs "muster: Validate the Workspace", reading
// the command's notification and output. .ci/run runs it.
//
//   node test/e2e.js --vsix muster.vsix --muster DIR [--code-server BIN]
//                    [--screenshot docs/vscode.png] [--keep]
//
// --muster DIR is a folder holding the muster binary (put first on the PATH
// of code-server, as a user's PATH would have it). Without --code-server,
// code-server is installed from npm into a temporary folder first (see
// installCodeServer). Needs Chromium at /usr/bin/chromium (MUSTER_CHROMIUM
// or CHROMIUM to override) and the repository checkout (for the module).

const cp = require('child_process');
const fs = require('fs');
const net = require('net');
const os = require('os');
const path = require('path');

const repo = path.resolve(__dirname, '..', '..', '..');
const started = Date.now();

function arg(name, def) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : def;
}
const opts = {
  vsix: arg('--vsix'),
  muster: arg('--muster'),
  codeServer: arg('--code-server'),
  screenshot: arg('--screenshot'),
  keep: process.argv.includes('--keep'),
  chromium: process.env.MUSTER_CHROMIUM || process.env.CHROMIUM || '/usr/bin/chromium',
};

function step(msg) {
  console.log(`[e2e ${((Date.now() - started) / 1000).toFixed(1)}s] ${msg}`);
}

function fail(msg) {
  throw new Error(msg);
}

// The code-server release for the Node.js that runs this test: each
// release's postinstall insists on one Node.js major version.
const CODE_SERVER = { 18: '4.89.1', 20: '4.100.3', 22: '4.117.0', 24: '4.139.1' };

// installCodeServer installs code-server from npm into dir and returns its
// binary. Three things make it install on a machine whose only network is
// the npm registry (each seen failing here without it):
// - its postinstall stops under root unless npm_config_unsafe_perm=true;
// - node-pty's postinstall runs `npx node-gyp`, which npm 11 cancels without
//   a terminal unless npm_config_yes=true;
// - @vscode/ripgrep's postinstall downloads rg from GitHub (api.github.com),
//   unless its cache in $TMPDIR already holds the archive: this puts
//   Debian's rg (package ripgrep, the same ripgrep 13) there.
// The native modules build with g++, make and python3, and the kerberos
// module needs Debian's libkrb5-dev (gssapi/gssapi.h). With Debian
// bookworm's Node.js 18.20 headers, kerberos's node-addon-api fails to
// compile (invalid conversion from napi_finalize to node_api_nogc_finalize)
// unless NODE_API_EXPERIMENTAL_NOGC_ENV_OPT_OUT is defined, which keeps the
// older finalizer type; the define changes nothing elsewhere. Debian's own
// node-gyp (which comes with Debian's npm) imports Debian's gyp module
// (python3-gyp), which only /usr/bin/python3 has: where the PATH's python3
// is another one (pyenv here), argon2's build stopped at "No package
// metadata was found for gyp", so that node-gyp is given Debian's python3.
function installCodeServer(dir) {
  const major = Number(process.versions.node.split('.')[0]);
  const version = process.env.CODE_SERVER_VERSION || CODE_SERVER[major];
  if (!version) fail(`no code-server release is known to install on Node.js ${process.versions.node}`);
  const rg = which('rg');
  if (!rg) fail('rg (Debian package ripgrep) is not on the PATH: code-server\'s @vscode/ripgrep would download it from GitHub');
  const tmp = path.join(dir, 'tmp');
  // @vscode/ripgrep 1.15.x names its archive after the prebuilt release it
  // would download (v13.0.0-10, or -4 on the multi-arch targets).
  const target = { x64: 'x86_64-unknown-linux-musl', arm64: 'aarch64-unknown-linux-musl' }[process.arch];
  if (!target) fail(`no ripgrep archive name for ${process.arch}`);
  const stage = path.join(dir, 'rg');
  fs.mkdirSync(stage, { recursive: true });
  fs.copyFileSync(rg, path.join(stage, 'rg'));
  fs.chmodSync(path.join(stage, 'rg'), 0o755);
  for (const v of ['1.15.9', '1.15.10', '1.15.11', '1.15.12', '1.15.13', '1.15.14']) {
    const cache = path.join(tmp, `vscode-ripgrep-cache-${v}`);
    fs.mkdirSync(cache, { recursive: true });
    cp.execFileSync('tar', ['-czf', path.join(cache, `ripgrep-v13.0.0-10-${target}.tar.gz`), '-C', stage, 'rg']);
  }
  fs.writeFileSync(path.join(dir, 'package.json'), '{"name": "code-server-for-muster-e2e", "private": true}\n');
  step(`npm install code-server@${version} (Node.js ${process.versions.node})`);
  const t0 = Date.now();
  const env = Object.assign({}, process.env, {
    TMPDIR: tmp,
    npm_config_unsafe_perm: 'true',
    npm_config_yes: 'true',
    CXXFLAGS: `${process.env.CXXFLAGS || ''} -DNODE_API_EXPERIMENTAL_NOGC_ENV_OPT_OUT`.trim(),
  });
  if (!env.npm_config_python && fs.existsSync('/usr/share/nodejs/node-gyp') && fs.existsSync('/usr/bin/python3')) {
    env.npm_config_python = '/usr/bin/python3';
  }
  const r = cp.spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--loglevel=error', `code-server@${version}`],
    { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) {
    console.error(r.stdout.slice(-4000));
    console.error(r.stderr.slice(-8000));
    fail(`npm install code-server@${version} failed (exit ${r.status})`);
  }
  step(`code-server@${version} installed in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  return path.join(dir, 'node_modules', '.bin', 'code-server');
}

function which(name) {
  for (const d of (process.env.PATH || '').split(path.delimiter)) {
    const f = path.join(d, name);
    try {
      fs.accessSync(f, fs.constants.X_OK);
      return f;
    } catch (_) {
      // next
    }
  }
  return undefined;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

function copyDir(from, to, skip) {
  fs.mkdirSync(to, { recursive: true });
  for (const e of fs.readdirSync(from, { withFileTypes: true })) {
    if (skip && skip(e.name)) continue;
    const a = path.join(from, e.name);
    const b = path.join(to, e.name);
    if (e.isDirectory()) copyDir(a, b, skip);
    else fs.copyFileSync(a, b);
  }
}

// workspace lays out what a designer's folder looks like: a copy of the
// shipped LGV module (scenarios/lgv, a module folder), the schemas its
// "$schema" paths point at, and JSON that is not muster's.
function workspace(dir) {
  copyDir(path.join(repo, 'scenarios', 'lgv'), path.join(dir, 'scenarios', 'lgv'));
  copyDir(path.join(repo, 'schema'), path.join(dir, 'schema'), (n) => !n.endsWith('.schema.json'));
  fs.writeFileSync(path.join(dir, 'package.json'), '{"name": "not-muster", "version": "1.0.0"}\n');
  return path.join(dir, 'scenarios', 'lgv', 'scenarios', '01-chancellorsville.json');
}

function waitForLine(proc, re, ms, what) {
  return new Promise((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error(`${what}: no line matching ${re} in ${ms / 1000}s:\n${buf}`)), ms);
    const on = (d) => {
      buf += d.toString();
      if (re.test(buf)) {
        clearTimeout(timer);
        resolve(buf);
      }
    };
    proc.stdout.on('data', on);
    proc.stderr.on('data', on);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code}):\n${buf}`));
    });
  });
}

// What to stop when the test ends early (timeout(1)'s SIGTERM): code-server
// and Chromium run in process groups of their own, which the signal to this
// one does not reach.
const cleanups = new Set();
let tmpDir; // removed last
for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(sig, () => {
    console.error(`e2e: ${sig}: stopping code-server and Chromium`);
    for (const f of cleanups) {
      try {
        f();
      } catch (_) {
        // gone already
      }
    }
    if (tmpDir && !opts.keep) {
      // Chromium and code-server may still be writing there for a moment.
      setTimeout(() => {
        fs.rmSync(tmpDir, { recursive: true, force: true, maxRetries: 3 });
        process.exit(124);
      }, 500);
      return;
    }
    process.exit(124);
  });
}

function killGroup(proc) {
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
  try {
    process.kill(-proc.pid, 'SIGTERM');
  } catch (_) {
    proc.kill('SIGTERM');
  }
}

async function main() {
  if (!opts.vsix || !opts.muster) fail('usage: e2e.js --vsix FILE --muster DIR [--code-server BIN] [--screenshot PNG]');
  const musterBin = path.join(path.resolve(opts.muster), process.platform === 'win32' ? 'muster.exe' : 'muster');
  if (!fs.existsSync(musterBin)) fail(`no muster binary in ${opts.muster}`);
  if (!fs.existsSync(opts.chromium)) fail(`no Chromium at ${opts.chromium}`);
  const puppeteer = require('puppeteer-core');

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-vscode-e2e-'));
  tmpDir = tmp;
  let server;
  let browser;
  let page;
  try {
    const codeServer = opts.codeServer ? path.resolve(opts.codeServer) : installCodeServer(path.join(tmp, 'cs'));
    const home = path.join(tmp, 'home'); // code-server writes its config and logs under HOME
    const ud = path.join(tmp, 'user-data');
    const exts = path.join(tmp, 'extensions');
    const proj = path.join(tmp, 'project');
    fs.mkdirSync(path.join(ud, 'User'), { recursive: true });
    fs.mkdirSync(home, { recursive: true });
    // VS Code's server starts the extension host with the environment of a
    // login shell (it runs $SHELL -ilc), so muster goes on the PATH the way
    // a user puts it there: in the shell's profile.
    const profile = `export PATH=${JSON.stringify(path.dirname(musterBin))}:"$PATH"\n`;
    for (const f of ['.profile', '.bash_profile', '.bashrc', '.zshenv']) fs.writeFileSync(path.join(home, f), profile);
    fs.writeFileSync(path.join(ud, 'User', 'settings.json'), JSON.stringify({
      'workbench.startupEditor': 'none',
      'workbench.tips.enabled': false,
      'workbench.enableExperiments': false,
      'telemetry.telemetryLevel': 'off',
      'update.mode': 'none',
      'extensions.autoCheckUpdates': false,
      'extensions.autoUpdate': false,
      'security.workspace.trust.enabled': false,
      'editor.minimap.enabled': false,
      'json.schemaDownload.enable': false,
      'chat.commandCenter.enabled': false,
      'workbench.colorTheme': 'Default Light Modern',
      'window.commandCenter': false,
      'files.autoSave': 'off',
    }, null, 2));
    const scenario = workspace(proj);
    const text = fs.readFileSync(scenario, 'utf8');
    const env = Object.assign({}, process.env, {
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, '.config'),
      XDG_DATA_HOME: path.join(home, '.local', 'share'),
      XDG_CACHE_HOME: path.join(home, '.cache'),
      PATH: `${path.dirname(musterBin)}${path.delimiter}${process.env.PATH}`,
    });
    const common = ['--user-data-dir', ud, '--extensions-dir', exts, '--config', path.join(tmp, 'config.yaml')];

    step(`code-server --install-extension ${opts.vsix}`);
    const inst = cp.spawnSync(codeServer, [...common, '--install-extension', path.resolve(opts.vsix)],
      { env, encoding: 'utf8', timeout: 120000 });
    const installOut = `${inst.stdout}${inst.stderr}`;
    if (inst.status !== 0 || !/was successfully installed/.test(installOut)) {
      fail(`installing the .vsix into code-server failed (exit ${inst.status}):\n${installOut}`);
    }
    console.log(installOut.trim().split('\n').filter((l) => /install/i.test(l)).join('\n'));

    const port = await freePort();
    server = cp.spawn(codeServer, [...common, '--auth', 'none', '--bind-addr', `127.0.0.1:${port}`,
      '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust',
      '--disable-getting-started-override', '--ignore-last-opened', proj], { env, detached: true });
    cleanups.add(() => killGroup(server));
    await waitForLine(server, /HTTP server listening/, 60000, 'code-server');
    step(`code-server listening on 127.0.0.1:${port}`);

    browser = await puppeteer.launch({
      executablePath: opts.chromium,
      headless: true,
      userDataDir: path.join(tmp, 'chromium'),
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
        '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
        '--window-size=1400,900'],
      defaultViewport: { width: 1400, height: 900 },
      protocolTimeout: 120000,
    });
    cleanups.add(() => browser.process() && browser.process().kill('SIGKILL'));
    page = await browser.newPage();
    page.setDefaultTimeout(90000);
    page.on('pageerror', (e) => console.log(`[page error] ${e.message.split('\n')[0]}`));
    await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(proj)}`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('.monaco-workbench .part.editor', { visible: true });
    await page.waitForSelector('.explorer-folders-view, .explorer-viewlet', { timeout: 90000 }).catch(() => undefined);
    step('the workbench is up');

    const mod = process.platform === 'darwin' ? 'Meta' : 'Control';
    const chord = async (...keys) => {
      for (const k of keys) await page.keyboard.down(k);
      for (const k of keys.slice().reverse()) await page.keyboard.up(k);
    };
    // clickIn clicks near the top left of the first (or last) element
    // matching sel: an editor's own view-lines run past what it shows, so
    // their middle can lie outside the page.
    const clickIn = async (sel, last) => {
      const box = await page.$$eval(sel, (es, l) => {
        const r = es[l ? es.length - 1 : 0].getBoundingClientRect();
        return { x: r.x, y: r.y };
      }, last);
      await page.mouse.click(box.x + 80, box.y + 14);
    };
    // gotoOffset puts the caret of the open editor at a character offset of
    // its text, with Go to Line/Column (line:column, 1-based).
    const gotoOffset = async (offset) => {
      const before = text.slice(0, offset).split('\n');
      await clickIn('.editor-instance .monaco-editor');
      await chord('Control', 'g');
      await page.waitForSelector('.quick-input-widget .quick-input-box input', { visible: true });
      await page.keyboard.type(`${before.length}:${before[before.length - 1].length + 1}`, { delay: 10 });
      await page.keyboard.press('Enter');
      await page.waitForSelector('.quick-input-widget', { hidden: true });
    };

    // Open the scenario with Quick Open.
    await page.click('.monaco-workbench .part.editor');
    await chord(mod, 'p');
    await page.waitForSelector('.quick-input-widget .quick-input-box input', { visible: true });
    await page.keyboard.type('01-chancellorsville.json', { delay: 20 });
    await page.waitForFunction(() => [...document.querySelectorAll('.quick-input-list .monaco-list-row')]
      .some((r) => r.innerText.includes('01-chancellorsville.json')));
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => [...document.querySelectorAll('.tabs-container .tab')]
      .some((t) => t.innerText.includes('01-chancellorsville.json')));
    await page.waitForFunction(() => {
      const e = document.querySelector('.editor-instance .monaco-editor .view-lines');
      return e && e.innerText.includes('Chancellorsville');
    });
    step('opened scenarios/lgv/scenarios/01-chancellorsville.json');

    // Let the server check the clean file first: the break must be what
    // raises the finding.
    await chord('Control', 'Shift', 'm');
    await page.waitForSelector('.markers-panel', { visible: true });
    await new Promise((r) => setTimeout(r, 3000));
    const before = await page.$$eval('.markers-panel .monaco-list-row', (rows) => rows.map((r) => r.innerText));
    if (before.some((t) => /hex-unknown/.test(t))) fail(`a hex-unknown finding before the hex was broken:\n${before.join('\n')}`);

    // Break the first hex: the caret before the 73 of the first "hex": "73"
    // (Falmouth), through Go to Line/Column, then type a 9.
    await gotoOffset(text.indexOf('"hex": "73"') + '"hex": "'.length);
    await page.keyboard.type('9');
    await page.waitForFunction(() => document.querySelector('.editor-instance .monaco-editor .view-lines').innerText.includes('"973"'));
    step('broke a hex: "hex": "973"');

    // The finding, from muster, in the Problems panel, with its code linked
    // to the check reference.
    const row = await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('.markers-panel .monaco-list-row')];
      const r = rows.find((x) => /"973"/.test(x.innerText) && /muster/.test(x.innerText));
      return r ? r.innerText : false;
    }, { timeout: 60000 }).then((h) => h.jsonValue()).catch(async (e) => {
      const rows = await page.$$eval('.markers-panel .monaco-list-row', (rs) => rs.map((r) => r.innerText));
      fail(`no muster finding about "973" in the Problems panel (${e.message}); rows:\n${rows.join('\n')}`);
    });
    const link = await page.evaluate(() => {
      const rows = [...document.querySelectorAll('.markers-panel .monaco-list-row')];
      const r = rows.find((x) => /"973"/.test(x.innerText) && /muster/.test(x.innerText));
      const a = r && [...r.querySelectorAll('a')].find((x) => /hex-unknown/.test(x.innerText));
      return a ? { text: a.innerText, href: a.getAttribute('href') || a.href || a.title || '' } : undefined;
    });
    console.log(`Problems: ${row.replace(/\s+/g, ' ')}`);
    if (!/hex-unknown/.test(row)) fail(`the finding has no code hex-unknown: ${row}`);
    if (!link || !/docs\/checks\.md#hex-unknown$/.test(link.href)) {
      fail(`the code hex-unknown is not a link to docs/checks.md#hex-unknown: ${JSON.stringify(link)}`);
    }
    console.log(`code link: ${link.text} -> ${link.href}`);
    const rowsNow = await page.$$eval('.markers-panel .monaco-list-row', (rs) => rs.map((r) => r.innerText));
    if (rowsNow.some((t) => /package\.json/.test(t) && /muster/.test(t))) fail('muster reported on package.json, which is not muster\'s');

    // Hover a counter id.
    await gotoOffset(text.indexOf('u.patrick.inf') + 3);
    const hover = await (async () => {
      for (let attempt = 0; attempt < 5; attempt++) {
        await chord(mod, 'k');
        await chord(mod, 'i');
        const h = await page.waitForFunction(() => {
          const hs = [...document.querySelectorAll('.monaco-hover:not(.hidden) .hover-contents, .monaco-hover:not(.hidden) .rendered-markdown')];
          const t = hs.map((x) => x.innerText).join('\n');
          return /Patrick/.test(t) ? t : false;
        }, { timeout: 10000 }).then((x) => x.jsonValue()).catch(() => undefined);
        if (h) return h;
      }
      return undefined;
    })();
    if (!hover) fail('no hover naming Patrick over u.patrick.inf');
    console.log(`hover: ${hover.replace(/\s+/g, ' ').slice(0, 300)}`);
    step('hovered u.patrick.inf');

    if (opts.screenshot) {
      await new Promise((r) => setTimeout(r, 1000)); // the hover's fade-in
      fs.mkdirSync(path.dirname(path.resolve(opts.screenshot)), { recursive: true });
      await page.screenshot({ path: opts.screenshot });
      step(`screenshot: ${opts.screenshot}`);
    }
    await page.keyboard.press('Escape');

    // palette runs a command from the Command Palette.
    const palette = async (title) => {
      await page.keyboard.press('F1');
      await page.waitForSelector('.quick-input-widget .quick-input-box input', { visible: true });
      await page.keyboard.type(title, { delay: 10 });
      await page.waitForFunction((t) => [...document.querySelectorAll('.quick-input-list .monaco-list-row')]
        .some((r) => r.innerText.includes(t)), {}, title.replace(/^muster: /, ''));
      await page.keyboard.press('Enter');
    };
    // toast waits for a notification matching re and returns its line.
    const toast = (re) => page.waitForFunction((src) => {
      const t = [...document.querySelectorAll('.notifications-toasts .notification-toast, .notification-list-item')]
        .map((x) => x.innerText).join('\n');
      const m = new RegExp(src).exec(t);
      return m ? m[0] : false;
    }, { timeout: 60000 }, re.source).then((x) => x.jsonValue());
    const clearToasts = () => page.evaluate(() => {
      for (const b of document.querySelectorAll('.notifications-toasts .codicon-notifications-clear, .notifications-toasts .codicon-close')) b.click();
    });

    // Save the broken file, then run the validate command from the palette:
    // it checks the module's 8 files on disk and reports the break.
    await clickIn('.editor-instance .monaco-editor');
    await chord(mod, 's');
    await page.waitForFunction(() => !document.querySelector('.tabs-container .tab.active.dirty'));
    await palette('muster: Validate the Workspace');
    const validated = await toast(/muster validate: [^\n]*/);
    console.log(`notification: ${validated}`);
    if (!/checked 8 files: 1 errors?/.test(validated)) fail(`validate did not report the broken hex among the module's 8 files: ${validated}`);
    // The muster output channel: its last lines, then the finding's line.
    const outputLines = (re) => page.waitForFunction((src) => {
      const o = [...document.querySelectorAll('.part.panel .monaco-editor .view-lines')].pop();
      const t = o ? o.innerText.replace(/\u00a0/g, ' ') : ''; // Monaco draws spaces as no-break spaces
      return new RegExp(src).test(t) ? t : false;
    }, { timeout: 30000 }, re.source).then((x) => x.jsonValue()).catch(() => undefined);
    const tail = await outputLines(/checked 8 files: 1 errors?/);
    if (!tail) fail('the muster output channel does not show the validate run');
    // The output is a (read-only) editor, which shows only the lines in
    // view: its Find brings the finding's line there.
    await clickIn('.part.panel .monaco-editor', true);
    await chord(mod, 'f');
    await page.waitForSelector('.part.panel .find-widget.visible', { visible: true });
    await page.keyboard.type('error[hex-unknown]', { delay: 10 });
    await page.keyboard.press('Escape');
    const found = await outputLines(/error\[hex-unknown\]/);
    if (!found) fail('the muster output channel has no error[hex-unknown] line');
    console.log(`output: ${found.split('\n').filter((l) => /hex-unknown/.test(l)).join(' | ').slice(0, 300)}`);
    step('ran muster: Validate the Workspace');
    await clearToasts();

    // Mend the hex (undo, save) and run the scenario's playtests: the
    // module's scripts that play lgv-01.
    await clickIn('.editor-instance .monaco-editor');
    await chord(mod, 'z');
    await page.waitForFunction(() => document.querySelector('.editor-instance .monaco-editor .view-lines').innerText.replace(/\u00a0/g, ' ').includes('"hex": "73"'));
    await chord(mod, 's');
    await page.waitForFunction(() => !document.querySelector('.tabs-container .tab.active.dirty'));
    await palette('muster: Run the Playtests of This File');
    const played = await toast(/muster playtest: [^\n]*/);
    console.log(`notification: ${played}`);
    if (!/muster playtest: [1-9]\d* passed, 0 failed/.test(played)) fail(`the scenario's playtests did not pass: ${played}`);
    step('ran muster: Run the Playtests of This File');
    await clearToasts();

    // The setup cards in a tab (a webview), and the order of battle.
    // A webview's frames come and go as tabs change; puppeteer throws
    // synchronously (not a rejected promise) on a detached frame, so both
    // kinds of failure read as an empty frame.
    const frameText = async (f) => {
      try {
        return await f.evaluate(() => (document.body ? document.body.innerText : ''));
      } catch {
        return '';
      }
    };
    await clickIn('.editor-instance .monaco-editor');
    await palette('muster: Preview the Setup Cards of This Scenario');
    await page.waitForFunction(() => [...document.querySelectorAll('.tabs-container .tab')]
      .some((t) => t.innerText.includes('Setup cards: 01-chancellorsville')));
    // The cards render in the webview's frame (nested iframes).
    const cardsText = await (async () => {
      for (let i = 0; i < 60; i++) {
        for (const f of page.frames()) {
          const t = await frameText(f);
          if (/Chancellorsville/.test(t) && /Union/.test(t) && /Confederate/.test(t)) return t;
        }
        await new Promise((r) => setTimeout(r, 500));
      }
      return undefined;
    })();
    if (!cardsText) fail('the setup cards tab shows no cards (no frame with Chancellorsville, Union and Confederate)');
    console.log(`cards: ${cardsText.replace(/\s+/g, ' ').slice(0, 160)}`);
    step('muster: Preview the Setup Cards opened its tab');
    if (opts.keep) await page.screenshot({ path: path.join(tmp, 'cards.png') });

    // The setup cards to PDF: the save dialog (VS Code's own, in the
    // browser) proposes 01-chancellorsville-cards.pdf beside the scenario.
    await page.click('.tabs-container .tab[aria-label*="01-chancellorsville.json"], .tabs-container .tab');
    await clickIn('.editor-instance .monaco-editor');
    await palette('muster: Export the Setup Cards of This Scenario to PDF');
    await page.waitForFunction(() => {
      const i = document.querySelector('.quick-input-widget .quick-input-box input');
      return i && i.offsetParent && /01-chancellorsville-cards\.pdf$/.test(i.value);
    });
    await page.keyboard.press('Enter');
    const pdfToast = await toast(/muster: wrote [^\n]*\.pdf|muster export cards failed[^\n]*/);
    console.log(`notification: ${pdfToast}`);
    const pdf = path.join(path.dirname(scenario), '01-chancellorsville-cards.pdf');
    if (!fs.existsSync(pdf) || fs.readFileSync(pdf).subarray(0, 5).toString() !== '%PDF-') fail(`no PDF at ${pdf}: ${pdfToast}`);
    step(`muster: Export the Setup Cards to PDF wrote ${fs.statSync(pdf).size} bytes`);
    await clearToasts();

    // The order of battle, as Markdown beside the scenario.
    await page.click('.tabs-container .tab[aria-label*="01-chancellorsville.json"], .tabs-container .tab');
    await clickIn('.editor-instance .monaco-editor');
    await palette('muster: Open the Order of Battle of This Scenario');
    await page.waitForFunction(() => [...document.querySelectorAll('.tabs-container .tab')]
      .some((t) => /Order of battle 01-chancellorsville/.test(t.innerText)));
    const oobText = await (async () => {
      for (let i = 0; i < 60; i++) {
        for (const f of page.frames()) {
          const t = await frameText(f);
          if (/Order of battle: lgv-01/.test(t) && /Army of the Potomac/.test(t)) return t;
        }
        await new Promise((r) => setTimeout(r, 500));
      }
      return undefined;
    })();
    if (!oobText) fail('the order of battle preview shows no order of battle');
    step('muster: Open the Order of Battle opened its tab');
    if (opts.keep) await page.screenshot({ path: path.join(tmp, 'oob.png') });
    console.log('e2e: ok');
  } catch (err) {
    // What the browser showed when it failed, kept beside the screenshot.
    if (page) {
      const shot = opts.screenshot ? opts.screenshot.replace(/\.png$/, '') + '-failed.png' : path.join(os.tmpdir(), 'muster-vscode-e2e-failed.png');
      await page.screenshot({ path: shot }).then(() => console.error(`screenshot of the failure: ${shot}`), () => undefined);
    }
    throw err;
  } finally {
    if (browser) await browser.close().catch(() => undefined);
    killGroup(server);
    if (opts.keep) console.log(`kept ${tmp}`);
    else fs.rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
  }
}

main().then(() => process.exit(0), (err) => {
  console.error(`e2e: FAIL: ${err && err.stack ? err.stack : err}`);
  process.exit(1);
});
