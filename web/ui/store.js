// localStorage persistence: the autosave (engine save + last response for painting before the
// engine is ready), the last new-game setup, the cached titles list and small settings.
// Every access is guarded: private modes or a full quota must never break the game.

const KEYS = {
  autosave: "tramways.autosave.v1",
  setup: "tramways.setup.v1",
  titles: "tramways.titles.v1",
  settings: "tramways.settings.v1",
};

function read(key) {
  try {
    const raw = localStorage.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/**
 * The autosave record:
 * { version: 1, title, session: {mode: "hotseat"|"bot", botSeat, humanSeat, level},
 *   save, response, viewer, covered, screen: "game"|"home", savedAt }
 */
export function loadAutosave() {
  const rec = read(KEYS.autosave);
  if (!rec || rec.version !== 1 || !rec.save || !rec.response?.view || !rec.session) return null;
  return rec;
}

export function writeAutosave(rec) {
  return write(KEYS.autosave, { ...rec, version: 1, savedAt: new Date().toISOString() });
}

export function setAutosaveScreen(screen) {
  const rec = loadAutosave();
  if (rec) write(KEYS.autosave, { ...rec, screen });
}

export function clearAutosave() {
  try {
    localStorage.removeItem(KEYS.autosave);
  } catch {
    /* ignore */
  }
}

export const loadSetup = () => read(KEYS.setup);
export const writeSetup = (setup) => write(KEYS.setup, setup);
export const loadTitles = () => read(KEYS.titles);
export const writeTitles = (titles) => write(KEYS.titles, titles);

/** Remember settings (merged into the stored ones). */
export function writeSettings(patch) {
  return write(KEYS.settings, { ...(read(KEYS.settings) ?? {}), ...patch });
}

/** Settings: botDelay (ms between bot actions). `?botdelay=0` in the URL overrides it. */
export function settings() {
  const stored = read(KEYS.settings) ?? {};
  const params = new URLSearchParams(location.search);
  const delay = params.get("botdelay");
  return { botDelay: 550, ...stored, ...(delay !== null && !Number.isNaN(Number(delay)) ? { botDelay: Number(delay) } : {}) };
}
