import { removeSeedTemplate } from './seed-template';

/** Removes the seeded data folder of this run (see global-setup.ts). */
export default function globalTeardown(): void {
  removeSeedTemplate();
}
