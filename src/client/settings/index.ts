/** Per-user settings for any screen: `useUserSetting(key, fallback)`. */
export { useUserSetting, updateUserSettings, userSettingsAtom, type UserSettings, type UserSettingKey } from './user-settings.ts';
export { effectiveDarkTheme, toggleTheme } from './theme.ts';
