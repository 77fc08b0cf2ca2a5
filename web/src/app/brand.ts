/**
 * The portal's colours, apart from Mantine: the theme (theme.ts) and the web app manifest
 * (vite.config.ts: theme and background colour of the installed app) read them from here.
 */

/** Warm oak brown: the company's floors, calm enough for a working tool. */
export const OAK = ['#fbf6ef', '#f2e8da', '#e5cfb2', '#d8b486', '#cc9c60', '#c48d48', '#bf853b', '#a8722e', '#8a5a24', '#74491b'] as const;

/** Muted stone grey with a warm cast, for backgrounds and secondary text. */
export const STONE = ['#f7f6f4', '#ecebe7', '#d8d5cf', '#c2beb5', '#aea99e', '#a29c90', '#9b9588', '#868075', '#787267', '#696257'] as const;

/** The primary shade of the light scheme (theme.ts `primaryShade.light`): buttons, the logo tile, the browser's bar. */
export const PRIMARY_SHADE = 8;
