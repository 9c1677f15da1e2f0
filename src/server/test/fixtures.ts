/**
 * Small binary fixtures for upload tests. TINY_PNG is a valid 1x1 RGB PNG (signature,
 * IHDR, IDAT, IEND with correct CRCs), so content sniffing (file-type) accepts it.
 */
export const TINY_PNG: Buffer = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGM4IScHAAK2AQU0pnWqAAAAAElFTkSuQmCC',
  'base64',
);
