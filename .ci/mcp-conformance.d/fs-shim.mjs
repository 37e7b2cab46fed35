// Node's fs plus a globSync stand-in for Node versions without it (see preload.mjs).
import fs from 'node:fs';

export * from 'node:fs';
export default fs;
export const globSync = () => {
  throw new Error('fs.globSync needs Node 22; the conformance server scenarios do not use it');
};
