// web/ imports the npm files the build copies into dist/vendor/ (scripts/build.mjs); jsconfig.json's
// rootDirs lays this folder over web/, so each import finds its package's own types here.
export * from 'ts-fsrs';
