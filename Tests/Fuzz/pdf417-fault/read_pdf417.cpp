// Minimal reader: reads a binary PGM (P5) and runs zxing-cpp 1.4 PDF417-only reader.
// usage: read_pdf417 FILE.pgm [tryHarder(0/1)] [returnErrors(0/1)]
#define ZX_USE_UTF8
#include <ZXing/ReadBarcode.h>
#include <ZXing/DecodeHints.h>
#include <ZXing/ImageView.h>
#include <ZXing/TextUtfEncoding.h>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>
using namespace ZXing;
static std::string tok(std::istream& in) {
	std::string t; char c;
	while (in.get(c)) {
		if (c == '#') { std::string l; std::getline(in, l); continue; }
		if (isspace((unsigned char)c)) { if (!t.empty()) break; continue; }
		t += c;
	}
	return t;
}
int main(int argc, char** argv) {
	if (argc < 2) { fprintf(stderr, "usage\n"); return 2; }
	std::ifstream in(argv[1], std::ios::binary);
	if (tok(in) != "P5") { fprintf(stderr, "not P5\n"); return 2; }
	int w = std::stoi(tok(in)), h = std::stoi(tok(in)), mx = std::stoi(tok(in));
	if (mx != 255) { fprintf(stderr, "maxval must be 255\n"); return 2; }
	std::vector<uint8_t> data(size_t(w) * h);
	in.read((char*)data.data(), data.size());
	if (!in) { fprintf(stderr, "short file\n"); return 2; }
	bool tryHarder = argc > 2 && atoi(argv[2]);
	bool returnErrors = argc > 3 && atoi(argv[3]);
	auto hints = DecodeHints().setFormats(BarcodeFormat::PDF417).setTryHarder(tryHarder).setTryRotate(false)
					 .setTryDownscale(true).setMaxNumberOfSymbols(4).setReturnErrors(returnErrors);
	auto results = ReadBarcodes(ImageView(data.data(), w, h, ImageFormat::Lum), hints);
	printf("%zu result(s)\n", results.size());
	for (auto& r : results)
		printf("  valid=%d text=%s\n", (int)r.isValid(), r.text().c_str());
	return 0;
}
