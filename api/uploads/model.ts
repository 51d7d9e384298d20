// Upload limits the API enforces and the site's forms check before sending (the same constants on both sides).

/** At most this many bytes per image (issue 11: a 1 GB volume cannot take 40 MB photos by the dozen). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** The limit as the forms and messages state it ("10 MB"). */
export const MAX_IMAGE_LABEL = `${MAX_IMAGE_BYTES / (1024 * 1024)} MB`;
/** The answer to an image over the limit, from the API and from the forms before they send it. */
export const IMAGE_TOO_LARGE_MESSAGE = `The image is too large: the limit is ${MAX_IMAGE_LABEL}.`;
