import {
  agroFieldQuerySchema,
  agroPointQuerySchema,
  currentWeatherViewSchema,
  dataAnswer,
  satelliteEntryViewSchema,
  soilViewSchema,
  weatherForecastViewSchema,
} from '@ampelos/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../auth/sessions.ts';
import type { AgroService } from './service.ts';

const tags = ['agro'];
/** Weather is refetched by the page at most this often; the server caches longer per place. */
const CACHE = 'private, max-age=300';

/** `{ data: null }` means "Information not available": never an error the page would alert. */
export const agroRoutes: FastifyPluginAsyncZod<{ agro: AgroService }> = async (app, { agro }) => {
  app.get(
    '/weather',
    {
      config: { policy: 'weather.view' },
      schema: {
        tags,
        summary: 'Current weather, sunrise and sunset (WeatherAPI shape)',
        querystring: agroPointQuerySchema,
        response: { 200: dataAnswer(currentWeatherViewSchema.nullable()) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', CACHE);
      return { data: await agro.currentWeather(requireAuth(request), request.query) };
    },
  );

  app.get(
    '/agro/getWeatherForecastData',
    {
      config: { policy: 'weather.view' },
      schema: {
        tags,
        summary: 'Weather forecast in 3-hour steps',
        querystring: agroPointQuerySchema,
        response: { 200: dataAnswer(weatherForecastViewSchema.nullable()) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', CACHE);
      return { data: await agro.forecast(requireAuth(request), request.query) };
    },
  );

  app.get(
    '/agro/getSoilData',
    {
      config: { policy: 'field.view' },
      schema: {
        tags,
        summary: "A field's latest soil reading (Kelvin)",
        querystring: agroFieldQuerySchema,
        response: { 200: dataAnswer(soilViewSchema.nullable()) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', CACHE);
      return { data: await agro.soil(requireAuth(request), request.query) };
    },
  );

  app.get(
    '/agro/getSatelliteImgsData',
    {
      config: { policy: 'field.view' },
      schema: {
        tags,
        summary: 'Dates with satellite imagery of a field',
        querystring: agroFieldQuerySchema,
        response: { 200: dataAnswer(z.array(satelliteEntryViewSchema).nullable()) },
      },
    },
    async (request) => ({ data: await agro.satelliteImages(requireAuth(request), request.query) }),
  );

  app.post(
    '/agro/createPolygons',
    {
      config: { policy: 'admin.tools' },
      schema: {
        tags,
        summary: 'Admin: register fields at the satellite provider and store their agroId',
        response: { 200: z.strictObject({ agroIdsCreated: z.number(), failed: z.number() }) },
      },
    },
    async (request) => agro.createPolygons(requireAuth(request)),
  );
};
