// Real outdoor places around San Francisco (plus Oakland, Berkeley and Sausalito) where demo classes meet.
// Addresses read "street, city, CA zip": the city filter takes the second-to-last comma piece.
export interface Place {
  name: string;
  addressLine1: string;
  city: string;
  zipCode: string;
  latitude: number;
  longitude: number;
}

const sf = (name: string, addressLine1: string, zipCode: string, latitude: number, longitude: number): Place => ({
  name,
  addressLine1,
  city: 'San Francisco',
  zipCode,
  latitude,
  longitude,
});

export const PLACES = {
  sharonMeadow: sf('Golden Gate Park – Sharon Meadow', '501 Stanyan St', '94117', 37.7687, -122.4572),
  hippieHill: sf('Golden Gate Park – Hippie Hill', '501 Stanyan St', '94117', 37.7699, -122.4576),
  poloField: sf('Golden Gate Park – Polo Field', 'Middle Dr W & 30th Ave', '94122', 37.7681, -122.4927),
  ggpTennis: sf('Golden Gate Park Tennis Center', '50 Bowling Green Dr', '94118', 37.7701, -122.4594),
  beachChalet: sf('Beach Chalet Soccer Fields', '1500 John F Kennedy Dr', '94121', 37.7693, -122.5072),
  kezar: sf('Kezar Stadium', '755 Stanyan St', '94117', 37.7668, -122.4573),
  dolores: sf('Mission Dolores Park', 'Dolores St & 19th St', '94114', 37.7596, -122.4269),
  crissy: sf('Crissy Field – East Beach', '1199 East Beach', '94129', 37.8053, -122.4489),
  tunnelTops: sf('Presidio Tunnel Tops', '210 Lincoln Blvd', '94129', 37.8015, -122.4561),
  paradeGround: sf('Presidio Main Parade Ground', '103 Montgomery St', '94129', 37.8001, -122.4584),
  oceanBeach: sf('Ocean Beach at Noriega', 'Great Hwy & Noriega St', '94122', 37.7537, -122.5083),
  landsEnd: sf('Lands End Lookout', '680 Point Lobos Ave', '94121', 37.78, -122.5117),
  alamo: sf('Alamo Square', 'Hayes St & Steiner St', '94117', 37.7763, -122.4346),
  missionCreek: sf('Mission Creek Park', 'Berry St & 4th St', '94107', 37.7731, -122.3935),
  lakeMerced: sf('Lake Merced Boathouse', '1 Harding Rd', '94132', 37.7278, -122.4936),
  bernal: sf('Bernal Heights Park', 'Bernal Heights Blvd & Folsom St', '94110', 37.743, -122.4142),
  marinaGreen: sf('Marina Green', 'Marina Blvd & Scott St', '94123', 37.8058, -122.4397),
  fortMason: sf('Fort Mason Great Meadow', 'Laguna St & Marina Blvd', '94123', 37.8051, -122.4292),
  twinPeaks: sf('Twin Peaks', '501 Twin Peaks Blvd', '94114', 37.7544, -122.4477),
  mclaren: sf('McLaren Park – Jerry Garcia Amphitheater', '40 John F Shelley Dr', '94134', 37.7183, -122.4195),
  glenCanyon: sf('Glen Canyon Park', '70 Elk St', '94131', 37.7375, -122.4418),
  sternGrove: sf('Sigmund Stern Grove', '19th Ave & Sloat Blvd', '94132', 37.7358, -122.4771),
  duboce: sf('Duboce Park', 'Duboce Ave & Scott St', '94117', 37.7691, -122.4334),
  washingtonSquare: sf('Washington Square', 'Filbert St & Columbus Ave', '94133', 37.8009, -122.4101),
  yerbaBuena: sf('Yerba Buena Gardens', '750 Howard St', '94103', 37.7848, -122.4021),
  precita: sf('Precita Park', 'Precita Ave & Folsom St', '94110', 37.747, -122.4113),
  buenaVista: sf('Buena Vista Park', 'Haight St & Buena Vista Ave W', '94117', 37.7683, -122.4419),
  mountainLake: sf('Mountain Lake Park', 'Lake St & 8th Ave', '94118', 37.7875, -122.468),
  lakeMerritt: {
    name: 'Lake Merritt – Lakeside Park',
    addressLine1: '666 Bellevue Ave',
    city: 'Oakland',
    zipCode: '94610',
    latitude: 37.8094,
    longitude: -122.258,
  },
  cesarChavez: {
    name: 'Cesar Chavez Park',
    addressLine1: '11 Spinnaker Way',
    city: 'Berkeley',
    zipCode: '94710',
    latitude: 37.8703,
    longitude: -122.3183,
  },
  berkeleyMarina: {
    name: 'Berkeley Marina',
    addressLine1: '201 University Ave',
    city: 'Berkeley',
    zipCode: '94710',
    latitude: 37.8671,
    longitude: -122.3142,
  },
  dunphy: {
    name: 'Dunphy Park',
    addressLine1: 'Bridgeway & Napa St',
    city: 'Sausalito',
    zipCode: '94965',
    latitude: 37.8614,
    longitude: -122.4889,
  },
} satisfies Record<string, Place>;

export type PlaceKey = keyof typeof PLACES;

/** The combined address the class list and city filter read. */
export function addressOf(place: Place): string {
  return `${place.addressLine1}, ${place.city}, CA ${place.zipCode}`;
}

/** A class row's place columns (name, address parts, the combined address and coordinates). */
export function placeColumns(place: Place) {
  return {
    location: place.name,
    addressLine1: place.addressLine1,
    city: place.city,
    state: 'CA',
    zipCode: place.zipCode,
    address: addressOf(place),
    latitude: place.latitude,
    longitude: place.longitude,
  };
}
