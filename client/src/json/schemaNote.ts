// The file, in the extension's own folder, where the extension notes the user settings files it
// wrote `json.schemas` entries into, and where the uninstall hook reads them (no vscode import, so
// that the hook can use it).

export const SETTINGS_NOTE_FILE = "settings-files.json";
