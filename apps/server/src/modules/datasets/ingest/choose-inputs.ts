import type { DatasetRepository } from '../repository.ts';

/**
 * Which accepted files the analysis uses: an orthomosaic (the largest, with at most one DSM) or the
 * photos; files left out are marked rejected with the reason. Null when nothing usable remains.
 * Idempotent: running it again over its own result changes nothing.
 */
export async function chooseInputs(
  repository: DatasetRepository,
  datasetId: number,
): Promise<'photos' | 'raster' | null> {
  const accepted = await repository.acceptedFilesOf(datasetId);
  const ids = (kinds: string[]) => accepted.filter((file) => kinds.includes(file.kind ?? ''));
  const orthomosaics = ids(['orthomosaic']).sort((a, b) => b.bytes - a.bytes || a.id - b.id);
  const surfaces = ids(['dsm']);
  const photos = ids(['photo', 'band']);

  if (orthomosaics.length > 0) {
    await repository.rejectFiles(
      orthomosaics.slice(1).map((file) => file.id),
      'extra_orthomosaic',
      'Only one orthomosaic is analysed per dataset: the largest was used',
    );
    await repository.rejectFiles(
      surfaces.slice(1).map((file) => file.id),
      'extra_orthomosaic',
      'Only one surface model (DSM) is used per dataset',
    );
    await repository.rejectFiles(
      photos.map((file) => file.id),
      'mixed_dataset',
      'Photos are not analysed together with an orthomosaic: upload them as a separate dataset',
    );
    return 'raster';
  }
  await repository.rejectFiles(
    surfaces.map((file) => file.id),
    'dsm_without_orthomosaic',
    'A surface model (DSM) is used only together with its orthomosaic',
  );
  return photos.length > 0 ? 'photos' : null;
}
