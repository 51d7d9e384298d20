// Upload limits the API enforces and the site's forms check before sending (the same constants on both sides).

/** At most this many bytes per image (issue 11: a 1 GB volume cannot take 40 MB photos by the dozen). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** The limit as the forms and messages state it. */
export const MAX_IMAGE_LABEL = '10MB';
