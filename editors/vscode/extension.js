'use strict';
// The muster extension for VS Code: starts `muster lsp` for muster's JSON
// documents (scenarios, modules, playtest scripts) and adds palette commands
// that run the muster CLI. Plain JavaScript, no build step.

const vscode = require('vscode');
const cp = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { LanguageClient, State } = require('vscode-languageclient/node');
const musterdoc = require('./lib/musterdoc');
const { INSTALL_URL, resolveMuster } = require('./lib/binary');

let client; // the LanguageClient, once a muster document was seen
let starting; // the promise of its start
let output; // the "muster" output channel of the commands
let missingShown = false;
const moduleCache = new Map(); // folder -> module folder (or undefined)
const OOB_SCHEME = 'muster-oob'; // read-only orders of battle
const oobContent = new Map(); // URI -> Markdown
const opened = new Set(); // URIs the server was sent didOpen for
const pendingOpen = new Map(); // URI -> the didOpen of a JSON document not (yet) muster's

// Files the workspace walks leave out, as muster lsp's own walk does.
const EXCLUDE = '{**/node_modules/**,**/.*/**,**/testdata/**}';

function isMuster(doc) {
  if (doc.languageId !== 'json' || doc.uri.scheme !== 'file') return false;
  const file = doc.uri.fsPath;
  return musterdoc.isMusterDocument(file, doc.getText(), moduleCache);
}

// musterPath finds the binary, telling the user once per session when it
// is missing (with a link to the README's install section).
function musterPath(interactive) {
  const cfg = vscode.workspace.getConfiguration('muster');
  const folder = vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders[0];
  const r = resolveMuster(cfg.get('path'), process.env, process.platform, folder && folder.uri.fsPath);
  if (r.path) return r.path;
  if (interactive || !missingShown) {
    missingShown = true;
    const actions = r.setting ? ['Open Settings', 'Install muster'] : ['Install muster', 'Open Settings'];
    vscode.window.showErrorMessage(r.error, ...actions).then((a) => {
      if (a === 'Install muster') vscode.env.openExternal(vscode.Uri.parse(INSTALL_URL));
      if (a === 'Open Settings') vscode.commands.executeCommand('workbench.action.openSettings', 'muster.path');
    });
  }
  return undefined;
}

// ---- the language client ----

// Every request the client may send about a document goes through here:
// only the documents the server was opened with reach it.
const providers = [
  'provideHover', 'provideCompletionItem', 'provideDefinition', 'provideReferences',
  'provideDocumentSymbols', 'provideDocumentFormattingEdits', 'provideDocumentRangeFormattingEdits',
  'provideOnTypeFormattingEdits', 'provideCodeActions', 'provideCodeLenses', 'provideDocumentLinks',
  'provideDocumentHighlights', 'provideSignatureHelp', 'provideRenameEdits', 'prepareRename',
  'provideDeclaration', 'provideTypeDefinition', 'provideImplementation', 'provideFoldingRanges',
  'provideSelectionRanges', 'provideDocumentColors', 'provideColorPresentations', 'provideInlayHints',
  'provideLinkedEditingRange', 'provideDocumentSemanticTokens', 'provideDocumentSemanticTokensEdits',
  'provideDocumentRangeSemanticTokens', 'prepareCallHierarchy', 'prepareTypeHierarchy',
];

function middleware() {
  const m = {
    didOpen(doc, next) {
      const uri = doc.uri.toString();
      if (isMuster(doc)) {
        opened.add(uri);
        return next(doc);
      }
      pendingOpen.set(uri, next);
      return Promise.resolve();
    },
    didChange(event, next) {
      const uri = event.document.uri.toString();
      if (opened.has(uri)) return next(event);
      // A JSON document that becomes muster's (a "$schema" typed in): the
      // server gets it whole, as an open.
      const open = pendingOpen.get(uri);
      if (open && isMuster(event.document)) {
        pendingOpen.delete(uri);
        opened.add(uri);
        return open(event.document);
      }
      return Promise.resolve();
    },
    didClose(doc, next) {
      const uri = doc.uri.toString();
      pendingOpen.delete(uri);
      if (!opened.delete(uri)) return Promise.resolve();
      return next(doc);
    },
    didSave(doc, next) {
      return opened.has(doc.uri.toString()) ? next(doc) : Promise.resolve();
    },
    willSave(event, next) {
      return opened.has(event.document.uri.toString()) ? next(event) : Promise.resolve();
    },
    willSaveWaitUntil(event, next) {
      return opened.has(event.document.uri.toString()) ? next(event) : Promise.resolve([]);
    },
  };
  for (const name of providers) {
    m[name] = function (doc, ...rest) {
      const next = rest.pop();
      if (!doc || !doc.uri || !opened.has(doc.uri.toString())) return undefined;
      return next(doc, ...rest);
    };
  }
  return m;
}

// recheckPending sends the JSON documents that became muster's (a game.json
// created above them) to the server.
function recheckPending() {
  for (const doc of vscode.workspace.textDocuments) {
    const uri = doc.uri.toString();
    const open = pendingOpen.get(uri);
    if (open && isMuster(doc)) {
      pendingOpen.delete(uri);
      opened.add(uri);
      open(doc);
    }
  }
}

async function startClient(context) {
  if (client || starting) return starting;
  const bin = musterPath(false);
  if (!bin) return undefined;
  const cfg = vscode.workspace.getConfiguration('muster');
  const env = Object.assign({}, process.env);
  const docs = cfg.get('docsUrl');
  if (docs) env.MUSTER_DOCS_URL = docs;
  const serverOptions = { command: bin, args: ['lsp'], options: { env } };
  const clientOptions = {
    // Files only: a git: or untitled copy of a scenario is not checked
    // (the server reads the module beside the file).
    documentSelector: [{ scheme: 'file', language: 'json' }],
    middleware: middleware(),
    outputChannelName: 'muster language server',
    synchronize: {
      fileEvents: vscode.workspace.createFileSystemWatcher('**/*.json'),
    },
  };
  client = new LanguageClient('muster', 'muster', serverOptions, clientOptions);
  starting = client.start().then(() => client, (err) => {
    vscode.window.showErrorMessage(`muster lsp did not start (${bin}): ${err && err.message ? err.message : err}`);
    client = undefined;
    starting = undefined;
    return undefined;
  });
  return starting;
}

async function stopClient() {
  const c = client;
  client = undefined;
  starting = undefined;
  opened.clear();
  pendingOpen.clear();
  if (c && c.state !== State.Stopped) {
    try {
      await c.stop();
    } catch (_) {
      // already gone
    }
  }
}

// maybeStart starts the server when the workspace holds a module folder or
// a muster document is open.
async function maybeStart(context) {
  if (client || starting) return;
  if (vscode.workspace.textDocuments.some(isMuster)) {
    await startClient(context);
    return;
  }
  const games = await vscode.workspace.findFiles('**/game.json', EXCLUDE, 1);
  if (games.length > 0) await startClient(context);
}

// ---- the commands ----

function channel() {
  if (!output) output = vscode.window.createOutputChannel('muster');
  return output;
}

// run runs muster with args in cwd and resolves {code, stdout, stderr};
// it rejects only when muster could not be started.
function run(bin, args, cwd) {
  return new Promise((resolve, reject) => {
    cp.execFile(bin, args, { cwd, maxBuffer: 256 * 1024 * 1024, windowsHide: true }, (err, stdout, stderr) => {
      if (err && typeof err.code !== 'number') {
        reject(err);
        return;
      }
      resolve({ code: err ? err.code : 0, stdout, stderr });
    });
  });
}

function log(cmdline, r) {
  const ch = channel();
  ch.appendLine(`$ ${cmdline}`);
  if (r.stdout) ch.append(r.stdout.endsWith('\n') ? r.stdout : r.stdout + '\n');
  if (r.stderr) ch.append(r.stderr.endsWith('\n') ? r.stderr : r.stderr + '\n');
  ch.appendLine(`(exit ${r.code})`);
  ch.appendLine('');
}

function quote(a) {
  return /^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`;
}

// musterFiles lists the muster documents of the workspace.
async function musterFiles() {
  const uris = await vscode.workspace.findFiles('**/*.json', EXCLUDE, 5000);
  const out = [];
  for (const u of uris) {
    if (u.scheme !== 'file') continue;
    let text;
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === u.toString());
    if (open) {
      text = open.getText();
    } else {
      try {
        text = fs.readFileSync(u.fsPath, 'utf8');
      } catch (_) {
        continue;
      }
    }
    if (musterdoc.isMusterDocument(u.fsPath, text, moduleCache)) out.push(u.fsPath);
  }
  return out.sort();
}

// validateWorkspace runs muster validate on the workspace's muster
// documents (saved text: unsaved changes are shown live by the server).
async function validateWorkspace() {
  const bin = musterPath(true);
  if (!bin) return;
  const folders = vscode.workspace.workspaceFolders || [];
  if (folders.length === 0) {
    vscode.window.showWarningMessage('muster: open a folder to validate its scenarios.');
    return;
  }
  const ch = channel();
  ch.show(true);
  const files = await musterFiles();
  if (files.length === 0) {
    ch.appendLine('muster validate: no muster documents in the workspace');
    vscode.window.showInformationMessage('muster validate: no muster documents in the workspace.');
    return;
  }
  const cwd = folders[0].uri.fsPath;
  // A few hundred files per run keeps the command line short on Windows.
  let errors = 0;
  let checked = 0;
  let summary = '';
  for (let i = 0; i < files.length; i += 200) {
    const rel = files.slice(i, i + 200).map((f) => path.relative(cwd, f) || f);
    const args = ['validate', '--no-source', ...rel];
    const r = await run(bin, args, cwd);
    log(['muster', ...args].map(quote).join(' '), r);
    if (r.code > 1) {
      vscode.window.showErrorMessage(`muster validate failed (exit ${r.code}): see the muster output.`);
      return;
    }
    const m = /checked (\d+) files?: (\d+) errors?, (\d+) warnings?/.exec(r.stdout + r.stderr);
    if (m) {
      checked += Number(m[1]);
      errors += Number(m[2]);
      summary = m[0];
    } else if (r.code === 1) {
      errors++;
    }
  }
  if (files.length > 200) summary = `checked ${checked} files: ${errors} errors`;
  const text = `muster validate: ${summary || `${files.length} files`}`;
  if (errors > 0) vscode.window.showWarningMessage(text, 'Show Output').then((a) => a && ch.show());
  else vscode.window.showInformationMessage(text);
}

// currentDocument is the active editor's muster document, saved first (the
// commands read the file).
async function currentDocument(what) {
  const ed = vscode.window.activeTextEditor;
  const doc = ed && ed.document;
  if (!doc || doc.uri.scheme !== 'file' || !isMuster(doc)) {
    vscode.window.showWarningMessage(`muster: open a ${what} to run this command on.`);
    return undefined;
  }
  if (doc.isDirty && !(await doc.save())) return undefined;
  return doc;
}

async function exportCardsHTML(context) {
  const doc = await currentDocument('scenario');
  if (!doc) return;
  const bin = musterPath(true);
  if (!bin) return;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-cards-'));
  const out = path.join(tmp, 'cards.html');
  const args = ['export', 'cards', doc.uri.fsPath, '-o', out];
  const r = await run(bin, args, path.dirname(doc.uri.fsPath));
  log(['muster', ...args].map(quote).join(' '), r);
  let html;
  try {
    html = r.code === 0 ? fs.readFileSync(out, 'utf8') : undefined;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  if (html === undefined) {
    channel().show(true);
    vscode.window.showErrorMessage(`muster export cards failed: ${(r.stderr || r.stdout).trim().split('\n')[0]}`);
    return;
  }
  const title = `Setup cards: ${path.basename(doc.uri.fsPath, '.json')}`;
  const panel = vscode.window.createWebviewPanel('muster.cards', title, vscode.ViewColumn.Beside, {
    enableScripts: false,
    localResourceRoots: [],
  });
  panel.webview.html = html;
}

async function exportCardsPDF() {
  const doc = await currentDocument('scenario');
  if (!doc) return;
  const bin = musterPath(true);
  if (!bin) return;
  const base = path.basename(doc.uri.fsPath, '.json');
  const target = await vscode.window.showSaveDialog({
    defaultUri: vscode.Uri.file(path.join(path.dirname(doc.uri.fsPath), `${base}-cards.pdf`)),
    filters: { PDF: ['pdf'] },
    saveLabel: 'Export',
  });
  if (!target) return;
  const paper = vscode.workspace.getConfiguration('muster').get('cards.paper') || 'letter';
  const args = ['export', 'cards', '--paper', paper, doc.uri.fsPath, '-o', target.fsPath];
  const r = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: 'muster: printing setup cards to PDF' },
    () => run(bin, args, path.dirname(doc.uri.fsPath)));
  log(['muster', ...args].map(quote).join(' '), r);
  if (r.code !== 0) {
    channel().show(true);
    vscode.window.showErrorMessage(`muster export cards failed: ${(r.stderr || r.stdout).trim().split('\n')[0]}`);
    return;
  }
  vscode.window.showInformationMessage(`muster: wrote ${target.fsPath}`, 'Open').then((a) => {
    if (a) vscode.env.openExternal(target);
  });
}

async function orderOfBattle() {
  const doc = await currentDocument('scenario');
  if (!doc) return;
  const bin = musterPath(true);
  if (!bin) return;
  const args = ['oob', '--format', 'md', doc.uri.fsPath];
  const r = await run(bin, args, path.dirname(doc.uri.fsPath));
  if (r.code !== 0) {
    log(['muster', ...args].map(quote).join(' '), r);
    channel().show(true);
    vscode.window.showErrorMessage(`muster oob failed: ${(r.stderr || r.stdout).trim().split('\n')[0]}`);
    return;
  }
  // A read-only document (no "save changes?" on closing it), shown as the
  // Markdown preview; as text where the preview is not there.
  const name = path.basename(doc.uri.fsPath, '.json');
  const uri = vscode.Uri.from({ scheme: OOB_SCHEME, path: `/Order of battle ${name}.md`, query: String(Date.now()) });
  oobContent.set(uri.toString(), r.stdout);
  try {
    await vscode.commands.executeCommand('markdown.showPreviewToSide', uri);
  } catch (_) {
    const md = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(md, { viewColumn: vscode.ViewColumn.Beside, preview: false });
  }
}

// playtestsOf lists the playtest scripts of the workspace that play the
// scenario at file (whose "scenario" is its id, or a path to it).
async function playtestsOf(file, id) {
  const out = [];
  for (const f of await musterFiles()) {
    let text;
    try {
      text = fs.readFileSync(f, 'utf8');
    } catch (_) {
      continue;
    }
    if (musterdoc.documentKind(text) !== 'playtest') continue;
    let pt;
    try {
      pt = JSON.parse(text);
    } catch (_) {
      continue;
    }
    const s = pt && pt.scenario;
    if (typeof s !== 'string') continue;
    if (s === id || path.resolve(path.dirname(f), s) === path.resolve(file)) out.push(f);
  }
  return out;
}

async function runPlaytests() {
  const doc = await currentDocument('scenario or playtest script');
  if (!doc) return;
  const bin = musterPath(true);
  if (!bin) return;
  const file = doc.uri.fsPath;
  const kind = musterdoc.documentKind(doc.getText());
  let scripts;
  if (kind === 'playtest') {
    scripts = [file];
  } else if (kind === 'scenario') {
    let id;
    try {
      id = JSON.parse(doc.getText()).id;
    } catch (_) {
      id = undefined;
    }
    scripts = await playtestsOf(file, id);
    if (scripts.length === 0) {
      vscode.window.showInformationMessage(`muster: no playtest script in the workspace plays ${id || path.basename(file)}.`);
      return;
    }
  } else {
    vscode.window.showWarningMessage('muster: run the playtests from a scenario or a playtest script.');
    return;
  }
  const cwd = path.dirname(file);
  const args = ['playtest', ...scripts.map((s) => path.relative(cwd, s) || s)];
  const ch = channel();
  ch.show(true);
  const r = await run(bin, args, cwd);
  log(['muster', ...args].map(quote).join(' '), r);
  const m = /(\d+) passed, (\d+) failed/.exec(r.stdout + r.stderr);
  const text = `muster playtest: ${m ? m[0] : `exit ${r.code}`}`;
  if (r.code === 0) vscode.window.showInformationMessage(text);
  else vscode.window.showWarningMessage(text, 'Show Output').then((a) => a && ch.show());
}

// ---- activation ----

function activate(context) {
  const cmd = (name, fn) => context.subscriptions.push(vscode.commands.registerCommand(name, fn));
  context.subscriptions.push(vscode.workspace.registerTextDocumentContentProvider(OOB_SCHEME, {
    provideTextDocumentContent: (uri) => oobContent.get(uri.toString()) || '',
  }));
  cmd('muster.validateWorkspace', validateWorkspace);
  cmd('muster.exportCardsHTML', () => exportCardsHTML(context));
  cmd('muster.exportCardsPDF', exportCardsPDF);
  cmd('muster.orderOfBattle', orderOfBattle);
  cmd('muster.runPlaytests', runPlaytests);
  cmd('muster.restartServer', async () => {
    await stopClient();
    missingShown = false;
    await startClient(context);
    recheckPending();
  });

  context.subscriptions.push(
    vscode.workspace.onDidOpenTextDocument((doc) => {
      if (!client && !starting && isMuster(doc)) startClient(context);
    }),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (!client && !starting && e.contentChanges.length > 0 && isMuster(e.document)) startClient(context);
    }),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration('muster.path') || e.affectsConfiguration('muster.docsUrl')) {
        await stopClient();
        missingShown = false;
        await maybeStart(context);
      }
    }),
  );
  const games = vscode.workspace.createFileSystemWatcher('**/game.json', false, true, false);
  const moved = () => {
    moduleCache.clear();
    recheckPending();
    if (!client && !starting) maybeStart(context);
  };
  games.onDidCreate(moved);
  games.onDidDelete(() => moduleCache.clear());
  context.subscriptions.push(games, { dispose: () => stopClient() });
  maybeStart(context);
}

function deactivate() {
  return stopClient();
}

module.exports = { activate, deactivate };
