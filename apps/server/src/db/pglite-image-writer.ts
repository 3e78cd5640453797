// The image writer's thread (pglite-image-ahead.ts): reads the image and writes it into the
// scratch folder it is given, then posts the number of files (or exits with the error).
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { writeTarInto } from './pglite-image-tar';

const { image, scratch } = workerData as { image: string; scratch: string };
parentPort?.postMessage(writeTarInto(readFileSync(image), scratch));
