'use strict';
// Finding the muster binary: the muster.path setting, then the PATH.
// No vscode import, for the unit tests.

const fs = require('fs');
const path = require('path');

// The README's install section, linked from the message shown when muster
// is missing.
const INSTALL_URL = 'https://github.com/musterhq/muster#install';

function isExecutable(file) {
  try {
    const st = fs.statSync(file);
    if (!st.isFile()) return false;
    if (process.platform === 'win32') return true;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch (_) {
    return false;
  }
}

// findOnPath looks for name in each folder of envPath (PATH), with the
// extensions of PATHEXT on Windows.
function findOnPath(name, envPath, platform, pathext) {
  const exts = platform === 'win32'
    ? ['', ...(pathext || '.EXE;.CMD;.BAT;.COM').split(';').filter(Boolean).map((e) => e.toLowerCase())]
    : [''];
  for (const dir of (envPath || '').split(path.delimiter)) {
    if (!dir) continue;
    for (const ext of exts) {
      const file = path.join(dir, name + ext);
      if (isExecutable(file)) return file;
    }
  }
  return undefined;
}

// resolveMuster returns {path} for the binary to run, or {error, setting}
// saying why there is none: setting is true when muster.path names a file
// that is not there (the fix is the setting), false when muster is not on
// the PATH (the fix is to install it).
function resolveMuster(setting, env, platform, baseDir) {
  env = env || process.env;
  platform = platform || process.platform;
  if (setting && setting.trim() !== '') {
    let p = setting.trim();
    if (p.startsWith('~/') || p === '~') p = path.join(require('os').homedir(), p.slice(1));
    if (!path.isAbsolute(p) && (p.includes('/') || p.includes('\\'))) p = path.resolve(baseDir || process.cwd(), p);
    if (path.isAbsolute(p)) {
      if (isExecutable(p)) return { path: p };
      if (platform === 'win32' && isExecutable(p + '.exe')) return { path: p + '.exe' };
      return { error: `The setting muster.path is "${setting}", which is not an executable file.`, setting: true };
    }
    const found = findOnPath(p, env.PATH || env.Path, platform, env.PATHEXT);
    if (found) return { path: found };
    return { error: `The setting muster.path is "${setting}", which is not on the PATH.`, setting: true };
  }
  const found = findOnPath('muster', env.PATH || env.Path, platform, env.PATHEXT);
  if (found) return { path: found };
  return { error: 'muster was not found on the PATH. Install it (a release archive, or go install), or set muster.path to the binary.', setting: false };
}

module.exports = { INSTALL_URL, findOnPath, resolveMuster, isExecutable };
