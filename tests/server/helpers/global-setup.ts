import { prepareTemplate } from './template.js';

/** Builds the seeded template database once per run; each test file clones it. */
export default async function setup() {
  await prepareTemplate();
}
