import type { FamilyModule } from '../core/app';
import { controlFamily } from './mock/control';
import { authFamily } from './v1/auth';
import { instancesFamily } from './v1/instances';
import { projectsFamily } from './v1/projects';

/** Every family the reference server runs. */
export const families: readonly FamilyModule[] = [controlFamily, authFamily, projectsFamily, instancesFamily];
