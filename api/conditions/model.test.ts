import { expect, test } from 'bun:test';
import { defaultWeatherPolicy, describePolicy } from './model';
import { crossedThresholds } from './view';

test('the policy reads as customers see it on the class page', () => {
  expect(describePolicy(defaultWeatherPolicy('Adults'))).toBe(
    'Runs in light rain; cancelled at AQI 150+, wind 35 mph+, 95 °F+ with a full refund',
  );
  expect(describePolicy({ ...defaultWeatherPolicy('Kids'), windMph: null, heatF: null })).toBe(
    'Runs in light rain; cancelled at AQI 100+ with a full refund',
  );
  expect(
    describePolicy({ rainChance: 70, aqi: null, windMph: null, heatF: null, rainPlan: 'backup', backupLocation: 'the Rec Center gym' }),
  ).toBe('Moves to the Rec Center gym in rain');
});

test('a threshold is crossed when any hour of the class reaches it', () => {
  const hour = (rainChance: number, windMph: number, temperatureF: number) => ({
    startTime: '2027-03-07T17:00:00.000Z',
    sky: 'rain' as const,
    summary: '',
    rainChance,
    windMph,
    temperatureF,
  });
  const policy = { rainChance: 70, aqi: 150, windMph: 35, heatF: 95, rainPlan: 'light_rain' as const, backupLocation: null };
  expect(crossedThresholds(policy, [hour(20, 10, 60), hour(40, 12, 61)], 40)).toEqual([]);
  expect(crossedThresholds(policy, [hour(20, 10, 60), hour(70, 36, 96)], 151)).toEqual([
    'Chance of rain 70% (limit 70%)',
    'Wind 36 mph (limit 35 mph)',
    'Heat 96 °F (limit 95 °F)',
    'AQI 151 (limit 150)',
  ]);
  expect(crossedThresholds({ ...policy, rainChance: null, aqi: null }, [hour(100, 1, 50)], 300)).toEqual([]);
});
