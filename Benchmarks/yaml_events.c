/* Baseline for the benchmark: pull every libyaml event of each file and build nothing.
 * This is the floor any libyaml-based front end stands on. */
#include <stdio.h>
#include <stdlib.h>
#include <yaml.h>

int main(int argc, char **argv) {
    unsigned long events = 0;
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) { perror(argv[i]); return 2; }
        yaml_parser_t parser;
        yaml_parser_initialize(&parser);
        yaml_parser_set_input_file(&parser, f);
        int done = 0;
        while (!done) {
            yaml_event_t event;
            if (!yaml_parser_parse(&parser, &event)) { fprintf(stderr, "%s: parse error\n", argv[i]); return 1; }
            done = event.type == YAML_STREAM_END_EVENT;
            yaml_event_delete(&event);
            events++;
        }
        yaml_parser_delete(&parser);
        fclose(f);
    }
    printf("%lu events\n", events);
    return 0;
}
