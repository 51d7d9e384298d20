// The class form's address autofill: the location name (more than 3 characters) is looked up as the coach
// types, unless they typed an address by hand; "Use my location" reverse-geocodes the browser's position.
import { useEffect, useRef, useState } from 'react';
import { CLASS_MESSAGES, type Place } from '../../../../api/classes/model';
import { api, unwrap } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/stores/toast';

const GEO_MESSAGES: Record<number, string> = {
  1: 'Location access denied. Please enable location services.',
  2: 'Unable to determine your location. Please try again.',
  3: 'Unable to determine your location. Please try again.',
};

interface AddressFields {
  location: string;
  addressLine1: string;
  city: string;
  state: string;
  zipCode: string;
  latitude: number | null;
  longitude: number | null;
}

export type SetAddressField = <K extends keyof AddressFields>(field: K, value: AddressFields[K]) => void;

export function useAddressAutofill(values: AddressFields, set: SetAddressField, enabled: boolean) {
  const [notice, setNotice] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const autofilled = useRef(false);

  const fill = (place: Place, point?: { latitude: number; longitude: number }) => {
    autofilled.current = true;
    if (place.addressLine1) set('addressLine1', place.addressLine1);
    if (place.city) set('city', place.city);
    if (place.state) set('state', place.state);
    if (place.zipCode) set('zipCode', place.zipCode);
    set('latitude', point?.latitude ?? place.latitude);
    set('longitude', point?.longitude ?? place.longitude);
  };

  useEffect(() => {
    const name = values.location.trim();
    if (!enabled || name.length <= 3) return;
    const typedByHand = !autofilled.current && (values.addressLine1 || values.city || values.zipCode);
    if (typedByHand) return;
    const timer = setTimeout(() => {
      unwrap(api.geocode.get({ query: { q: name } }))
        .then((place) => {
          setNotice(place.found ? null : CLASS_MESSAGES.addressOnly);
          if (place.found) fill(place);
        })
        .catch(() => {});
    }, 600);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values.location]);

  function useMyLocation() {
    if (!('geolocation' in navigator)) {
      toast({ title: 'Location error', description: 'Geolocation is not supported by your browser.', variant: 'destructive' });
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      async ({ coords: { latitude, longitude } }) => {
        try {
          const place = await unwrap(api.geocode.reverse.get({ query: { lat: String(latitude), lng: String(longitude) } }));
          fill(place, { latitude, longitude });
          setNotice(place.found ? null : 'Location saved. Fill in the address so customers can find you.');
        } catch (error) {
          toast({
            title: 'Location error',
            description: errorMessage(error, 'Something went wrong while finding your location.'),
            variant: 'destructive',
          });
        } finally {
          setLocating(false);
        }
      },
      (error) => {
        setLocating(false);
        toast({
          title: 'Location error',
          description: GEO_MESSAGES[error.code] ?? 'Something went wrong while finding your location.',
          variant: 'destructive',
        });
      },
      { enableHighAccuracy: true, timeout: 5000, maximumAge: 0 },
    );
  }

  return { notice, locating, useMyLocation };
}
