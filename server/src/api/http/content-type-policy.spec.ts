import 'reflect-metadata';
import { Body, Controller, HttpCode, Module, Post, Req } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig } from '../../config/app-config';
import { ApiExceptionFilter } from '../errors/api-exception.filter';
import { AcceptsContentTypes } from './content-type-policy';
import { fastifyServerOptions, hardenHttp } from './http-hardening';

@Controller('probe')
class ProbeController {
  @Post('json')
  @HttpCode(200)
  json(@Body() body: unknown): unknown {
    return { received: body };
  }

  /** A route that takes a file body, as an upload endpoint would. */
  @Post('file')
  @HttpCode(200)
  @AcceptsContentTypes('application/pdf')
  file(@Req() request: { body: Buffer }): unknown {
    return { bytes: request.body.length };
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

describe('the JSON-only rule of /api and its per-route exception (content-type-policy.ts)', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: '/nonexistent' });
    app = await NestFactory.create<NestFastifyApplication>(
      ProbeModule,
      new FastifyAdapter(fastifyServerOptions(config)),
      { logger: false, bodyParser: false },
    );
    hardenHttp(app, config);
    // What a route taking files registers itself: a parser for its type.
    app
      .getHttpAdapter()
      .getInstance()
      .addContentTypeParser('application/pdf', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
    app.setGlobalPrefix('api');
    app.useGlobalFilters(new ApiExceptionFilter());
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(() => app.close());

  const post = (url: string, contentType: string, payload: string) =>
    app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });

  it('lets a route that names a type take that type, and nothing else but JSON', async () => {
    const pdf = await post('/api/probe/file', 'application/pdf', '%PDF-1.7 …');
    expect(pdf.statusCode).toBe(200);
    expect(JSON.parse(pdf.body)).toEqual({ bytes: Buffer.byteLength('%PDF-1.7 …') });
    expect((await post('/api/probe/file', 'text/plain', 'x')).statusCode).toBe(415);
  });

  it('keeps every other route to JSON: its type is refused with 415 before parsing', async () => {
    const refused = await post('/api/probe/json', 'application/pdf', '%PDF-1.7');
    expect(refused.statusCode).toBe(415);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'ERROR.UNSUPPORTED_MEDIA_TYPE' });
    const json = await post('/api/probe/json', 'application/json', '{"a":1}');
    expect(JSON.parse(json.body)).toEqual({ received: { a: 1 } });
  });
});
