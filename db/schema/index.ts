// The whole data model, one file per area: every entity of both spec documents, money as integer cents,
// times as UTC instants.
export * from './accounts';
export * from './catalog';
export * from './bookings';
export * from './content';
export * from './payments';
export * from './platform';
export * from './audit';
export * from './notices';
export * from './waivers';
export * from './policies';
export * from './passes';
export * from './promo';
export * from './membership-fees';
